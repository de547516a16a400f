import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMetrics } from '../src/plugins/metrics.ts';
import { createTestApp, type TestApp, usingPostgres } from './helpers.ts';
import { ofType, openSse } from './sse-client.ts';
import { admitPatient, recordReadings, type Session, signUp } from './support/factories.ts';

/** A metric family as parse-prometheus-text-format reads it. */
type Family = ReturnType<typeof parsePrometheusTextFormat>[number];

/** A scrape read by the parser: its families (name, type) and every series with its labels. */
interface Scrape {
  families: Family[];
  series: Family[];
}

const TOKEN = 'metrics-token-for-the-test-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** Every family the issue asks for (decision 032), by name. */
const FAMILIES = {
  vigil_http_requests_total: 'COUNTER',
  vigil_http_request_duration_seconds: 'HISTOGRAM',
  vigil_http_requests_in_flight: 'GAUGE',
  vigil_event_streams_open: 'GAUGE',
  vigil_live_events_delivered_total: 'COUNTER',
  vigil_live_events_dispatched_total: 'COUNTER',
  vigil_live_event_lag_seconds: 'HISTOGRAM',
  vigil_readings_ingested_total: 'COUNTER',
  vigil_alerts_raised_total: 'COUNTER',
  vigil_alerts_acknowledged_total: 'COUNTER',
  vigil_alerts_escalated_total: 'COUNTER',
  vigil_alerts_resolved_total: 'COUNTER',
  vigil_background_job_runs_total: 'COUNTER',
  vigil_background_job_failures_total: 'COUNTER',
  vigil_background_job_duration_seconds: 'HISTOGRAM',
  vigil_db_pool_connections: 'GAUGE',
  vigil_db_pool_waiting_requests: 'GAUGE',
  vigil_db_pool_max_connections: 'GAUGE',
  // The process's own (prom-client's default metrics).
  process_cpu_seconds_total: 'COUNTER',
  process_resident_memory_bytes: 'GAUGE',
  nodejs_eventloop_lag_seconds: 'GAUGE',
  nodejs_heap_size_used_bytes: 'GAUGE',
} as const;

/**
 * Parses the text with a Prometheus text-format parser. It reads a histogram's series only when
 * they carry no labels; read again without the histograms' TYPE lines, each of their series
 * (`_bucket`, `_sum`, `_count`) is a family of its own, labels and all. Every sample line must be
 * understood (the parser skips what it cannot read).
 */
function parse(text: string): Scrape {
  const families = parsePrometheusTextFormat(text);
  const series = parsePrometheusTextFormat(
    text
      .split('\n')
      .filter((line) => !/^# TYPE \S+ histogram$/.test(line))
      .join('\n'),
  );
  const sampleLines = text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  expect(series.reduce((n, f) => n + f.metrics.length, 0)).toBe(sampleLines.length);
  return { families, series };
}

let t: TestApp;
let nurse: Session;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  nurse = await signUp(t.app);
});
afterAll(() => t.close());

async function scrape(): Promise<Scrape> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.body);
}

/**
 * The value of the sample of `name` with these labels (0 when there is none yet); a histogram's
 * observations by its `_count` series.
 */
function sampleOf({ families, series }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  if (!family) throw new Error(`no family ${name}`);
  const seriesName = family.type === 'HISTOGRAM' ? `${name}_count` : name;
  // A histogram's series come label set by label set: `_count` is read as many families, one each.
  const sample = series
    .filter((f) => f.name === seriesName)
    .flatMap((f) => f.metrics)
    .find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return sample ? Number(sample.value) : 0;
}

describe('GET /metrics', () => {
  it('refuses a request without the token, and one with a wrong token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'METRICS_TOKEN_REQUIRED' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-metrics-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_METRICS_TOKEN' });
    // A session is no way in either: the metrics are the scraper's.
    const asNurse = await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: nurse.cookie } });
    expect(asNurse.statusCode).toBe(401);
  });

  it('carries every family, named as Prometheus names them, in its text format', async () => {
    const { families } = await scrape();
    for (const [name, type] of Object.entries(FAMILIES)) {
      expect(families.find((f) => f.name === name)?.type, name).toBe(type);
    }
    for (const family of families.filter((f) => f.name.startsWith('vigil_'))) {
      if (family.type === 'COUNTER') expect(family.name).toMatch(/_total$/);
      if (family.type === 'HISTOGRAM') expect(family.name).toMatch(/_seconds$/);
    }
  });

  it("counts a request by its route's pattern and status, never by its URL or anything about a patient", async () => {
    const patient = await admitPatient(t.app, nurse.cookie, { name: 'Metrics Patient Zq' });
    const labels = { method: 'GET', route: '/api/patients/:id', status_code: '200' };
    const before = sampleOf(await scrape(), 'vigil_http_requests_total', labels);
    expect(
      (await t.as(nurse, 'GET', `/api/patients/${patient.id}?search=Metrics%20Patient`)).statusCode,
    ).toBe(200);
    // Counted as the answer has been sent (onResponse), just after the client has it.
    const after = await vi.waitFor(async () => {
      const scraped = await scrape();
      expect(sampleOf(scraped, 'vigil_http_requests_total', labels)).toBe(before + 1);
      return scraped;
    });
    expect(sampleOf(after, 'vigil_http_request_duration_seconds', labels)).toBe(before + 1);
    // No label holds a URL, an id or a name.
    const values = after.series.flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    expect(values.filter((v) => v.includes(String(patient.id)) && v.startsWith('/'))).toEqual([]);
    expect(values.some((v) => v.includes('Metrics Patient') || v.includes('?'))).toBe(false);
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body;
    expect(text).not.toContain('Zq');
  });

  it('counts readings stored by provenance, and an alert raised, escalated at its deadline and acknowledged', async () => {
    const patient = await admitPatient(t.app, nurse.cookie, { name: 'Escalating Patient' });
    const before = await scrape();
    // RR 27, SpO2 90, HR 125: NEWS2 ≥ 7, a high alert at once (a nurse's observation).
    await recordReadings(t.app, nurse, {
      patientId: patient.id,
      readingTime: t.clock.now().toISOString(),
      respiratoryRate: 27,
      oxygenLevel: 90,
      heartRate: 125,
    });
    const raised = await scrape();
    const observations = { provenance: 'observation' };
    expect(sampleOf(raised, 'vigil_readings_ingested_total', observations)).toBe(
      sampleOf(before, 'vigil_readings_ingested_total', observations) + 1,
    );
    const high = { kind: 'clinical', priority: 'high' };
    expect(sampleOf(raised, 'vigil_alerts_raised_total', high)).toBe(
      sampleOf(before, 'vigil_alerts_raised_total', high) + 1,
    );

    // Nobody acknowledges it within 5 minutes: the timer escalates it to the ward manager, once.
    t.clock.advance(5 * 60_000 + 1000);
    await t.app.services.alerts.tick();
    await t.app.services.alerts.tick();
    const escalated = await scrape();
    expect(sampleOf(escalated, 'vigil_alerts_escalated_total', { level: '1' })).toBe(
      sampleOf(before, 'vigil_alerts_escalated_total', { level: '1' }) + 1,
    );

    const { signIn } = await import('./support/factories.ts');
    nurse = await signIn(t.app, nurse.user.username);
    const [alert] = (await t.as(nurse, 'GET', `/api/alerts?patientId=${patient.id}`)).json() as {
      id: number;
    }[];
    expect((await t.as(nurse, 'POST', `/api/alerts/${alert!.id}/acknowledge`, {})).statusCode).toBe(200);
    const acknowledged = await scrape();
    expect(sampleOf(acknowledged, 'vigil_alerts_acknowledged_total', { priority: 'high' })).toBe(
      sampleOf(before, 'vigil_alerts_acknowledged_total', { priority: 'high' }) + 1,
    );
  });

  it('reports the open event streams, the events delivered to them and their lag', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const patient = await admitPatient(t.app, nurse.cookie, { name: 'Streamed Patient' });
    const sse = await openSse(`${url}/api/events`, { cookie: nurse.cookie });
    try {
      await sse.waitFor(ofType('stream-opened'));
      expect(sampleOf(await scrape(), 'vigil_event_streams_open')).toBe(1);
      const before = await scrape();
      await recordReadings(t.app, nurse, {
        patientId: patient.id,
        readingTime: t.clock.now().toISOString(),
        heartRate: 77,
      });
      await sse.waitFor(ofType('reading', patient.id));
      const after = await scrape();
      expect(sampleOf(after, 'vigil_live_events_delivered_total')).toBeGreaterThan(
        sampleOf(before, 'vigil_live_events_delivered_total'),
      );
      const here = { origin: 'this-instance' };
      expect(sampleOf(after, 'vigil_live_event_lag_seconds', here)).toBeGreaterThan(
        sampleOf(before, 'vigil_live_event_lag_seconds', here),
      );
    } finally {
      sse.close();
    }
    await vi.waitFor(async () => expect(sampleOf(await scrape(), 'vigil_event_streams_open')).toBe(0));
  });

  it.runIf(usingPostgres)("reports the PostgreSQL pool's connections", async () => {
    const scraped = await scrape();
    expect(sampleOf(scraped, 'vigil_db_pool_max_connections')).toBe(20);
    expect(
      sampleOf(scraped, 'vigil_db_pool_connections', { state: 'idle' }) +
        sampleOf(scraped, 'vigil_db_pool_connections', { state: 'in_use' }),
    ).toBeGreaterThan(0);
  });
});

describe('who may read the metrics', () => {
  it('answers a scraper at an allowed address without a token, and nobody when neither is configured', async () => {
    const byAddress = await createTestApp({ env: { METRICS_ALLOWED_ADDRESSES: '10.0.0.0/8,192.0.2.7' } });
    const disabled = await createTestApp();
    try {
      const get = (app: TestApp, remoteAddress: string) =>
        app.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect((await get(byAddress, '10.20.30.40')).statusCode).toBe(200);
      expect((await get(byAddress, '192.0.2.7')).statusCode).toBe(200);
      expect((await get(byAddress, '192.0.2.8')).statusCode).toBe(401);
      // The connection's address counts, never a header a client writes.
      const forwarded = await byAddress.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '10.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(401);
      // Nor does a request a proxy at an allowed address forwarded (the load balancer's host).
      const proxied = await byAddress.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expect(proxied.statusCode).toBe(401);
      const off = await get(disabled, '127.0.0.1');
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ code: 'METRICS_DISABLED' });
    } finally {
      await byAddress.close();
      await disabled.close();
    }
  });
});

describe('background job metrics', () => {
  it('counts each run of a job and each that failed', async () => {
    const metrics = createMetrics();
    const ok = metrics.job('test-job', async () => 1);
    const failing = metrics.job('test-job', async () => {
      throw new Error('the database went away');
    });
    await ok();
    await expect(failing()).rejects.toThrow('the database went away');
    const scraped = parse((await metrics.render()).text);
    expect(sampleOf(scraped, 'vigil_background_job_runs_total', { job: 'test-job' })).toBe(2);
    expect(sampleOf(scraped, 'vigil_background_job_failures_total', { job: 'test-job' })).toBe(1);
    expect(sampleOf(scraped, 'vigil_background_job_duration_seconds', { job: 'test-job' })).toBe(2);
  });
});
