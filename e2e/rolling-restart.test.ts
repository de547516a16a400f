import { randomUUID } from 'node:crypto';
import type { Patient } from '@vigil/domain';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/test/free-port.ts';
import { startPrivatePostgres } from '../apps/server/test/private-postgres.ts';
import {
  type Balancer,
  DRAIN_SECONDS,
  migrationCount,
  readyOf,
  serverIs,
  startHaproxy,
  startVigil,
  until,
  type VigilProcess,
  webDist,
} from './support/cluster.ts';
import { readEventStream } from './support/event-stream-reader.ts';
import { launchBrowser, newPage, region, signInThroughUi, visibleText } from './support/harness.ts';

/**
 * Vigil as a hospital runs it (issue 42, decision 032): HAProxy with the repository's configuration
 * in front of two instances on one PostgreSQL, restarted one after the other while 20 senders post
 * readings through the balancer and 50 event streams and a browser screen are open through it.
 * Nothing acknowledged is lost or stored twice, every stream receives every event in id order, the
 * screen follows without a click, and an alert whose deadline passes during the restart escalates
 * exactly once. Before that, three instances started at once on the empty database all come up,
 * and one of them migrates it.
 */

const SENDERS = 20;
/** Open event streams through the balancer, five for each of ten people. */
const STREAMS = 50;
/** Each sender posts its next reading this long after the last was answered. */
const SENDER_PAUSE_MS = 250;
/** Readings each sender has acknowledged after the second restart before the traffic stops. */
const READINGS_AFTER = 4;

let postgres: Awaited<ReturnType<typeof startPrivatePostgres>>;
let sql: pg.Pool;
const instances: VigilProcess[] = [];
let balancer: Balancer | undefined;
let browser: Browser | undefined;

const instanceEnv = (logLevel: string) => ({
  DATABASE_URL: postgres.url,
  WEB_DIST: webDist(),
  SEED_DEMO: 'false',
  LOG_LEVEL: logLevel,
  TRUST_PROXY: 'true',
  EVENT_STREAMS_PER_USER: '100',
  ALERT_TICK_INTERVAL_MS: '200',
  SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
  SHUTDOWN_TIMEOUT_SECONDS: '20',
});

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  sql = new pg.Pool({ connectionString: postgres.url, max: 2 });
  // Three instances started together on the empty database (info: their ready line says whether
  // each applied the migrations).
  const ports = [await freePort(), await freePort(), await freePort()];
  instances.push(...ports.map((port) => startVigil(port, instanceEnv('info'))));
  await Promise.all(instances.map((instance) => readyOf(instance)));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await balancer?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await sql?.end();
  postgres?.destroy();
});

describe('three instances started at once on an empty PostgreSQL database', () => {
  it('all come up ready, and the schema is migrated once', async () => {
    for (const instance of instances) expect((await fetch(`${instance.url}/api/ready`)).status).toBe(200);
    const applied = instances.map((instance) => Number(instance.readyLine()?.migrationsApplied));
    // One took the migration lock first and applied every migration; the others found them applied.
    expect([...applied].sort((a, b) => a - b)).toEqual([0, 0, migrationCount()]);
    const { rows } = await sql.query<{ n: number; hashes: number }>(
      'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(rows[0]).toEqual({ n: migrationCount(), hashes: migrationCount() });
  });
});

describe('a rolling restart behind HAProxy under traffic', () => {
  it('loses no reading, no event and no screen update, and escalates a due alert exactly once', {
    timeout: 180_000,
  }, async () => {
    const [one, two, three] = instances as [VigilProcess, VigilProcess, VigilProcess];
    expect(await three.stop()).toBe(0);
    balancer = await startHaproxy([one, two]);
    const lb = balancer;
    await serverIs(lb, 'vigil1', 'UP');
    await serverIs(lb, 'vigil2', 'UP');

    // Through the balancer, as everyone reaches Vigil.
    const post = async (
      path: string,
      cookie: string,
      body: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`${lb.url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = { message: text.slice(0, 80) };
      }
      return { status: res.status, json };
    };
    const register = async (username: string) => {
      const res = await fetch(`${lb.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'correct horse battery' }),
      });
      expect(res.status).toBe(201);
      return /vigil_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
    };
    const admin = await register('rolling.admin');
    await register('rolling.nurse');
    const admit = async (name: string) => {
      const { status, json } = await post('/api/patients', admin, {
        name,
        condition: 'Stable',
        oxygenLevel: 97,
        pulse: 80,
        systolicBP: 120,
        diastolicBP: 80,
        temperature: 986,
        respiratoryRate: 16,
        consciousness: 'A',
        onSupplementalOxygen: false,
      });
      expect(status).toBe(201);
      return json as unknown as Patient;
    };
    const patients: Patient[] = [];
    for (let i = 0; i < SENDERS; i++) patients.push(await admit(`Rolling Patient ${i + 1}`));
    // An alert nobody acknowledges: RR 27, SpO2 90, HR 125 (NEWS2 ≥ 7), a high alert at once.
    const unwell = await admit('Rolling Unwell');
    expect(
      (
        await post('/api/device-readings', admin, {
          patientId: unwell.id,
          readingTime: new Date().toISOString(),
          respiratoryRate: 27,
          oxygenLevel: 90,
          heartRate: 125,
        })
      ).status,
    ).toBe(201);
    const { rows: alertRows } = await sql.query<{ id: number }>(
      'select id from alerts where patient_id = $1 and escalation_level = 0',
      [unwell.id],
    );
    const alertId = alertRows[0]!.id;

    // Quiet now: every event a stream must receive comes after this id.
    const { rows: before } = await sql.query<{ id: string | null }>('select max(id) as id from live_events');
    const firstExpected = Number(before[0]!.id) + 1;

    // 50 streams, ten people's five screens each, and one browser screen, through the balancer.
    const watchers: string[] = [];
    for (let i = 0; i < STREAMS / 5; i++) watchers.push(await register(`rolling.watcher${i}`));
    const streams = Array.from({ length: STREAMS }, (_, i) =>
      readEventStream(lb.url, watchers[i % watchers.length]!, alertId),
    );
    await until('every stream to open', async () =>
      streams.every((s) => s.state.opened) ? true : undefined,
    );
    browser = await launchBrowser();
    const { page } = await newPage(browser, lb.url);
    await signInThroughUi(page, 'rolling.nurse');
    const watched = patients[0]!;
    await page.goto(`/patient/${watched.id}`);
    await page.getByRole('heading', { level: 1, name: watched.name }).waitFor();
    await page.locator('[data-live-status="live"]').waitFor({ state: 'attached' });
    // The screen's own record of what it showed, and whether it ever said it was not live.
    await region(page, 'Vital signs').evaluate((section) => {
      const w = window as unknown as { pulses: [number, number][]; notLive: number };
      w.pulses = [];
      w.notLive = 0;
      const shell = document.querySelector('[data-live-state]');
      new MutationObserver(() => {
        const pulse = Number(/Pulse\s*(\d+)\s*bpm/.exec(section.querySelector('li')?.textContent ?? '')?.[1]);
        if (pulse && w.pulses.at(-1)?.[1] !== pulse) w.pulses.push([performance.now(), pulse]);
      }).observe(section, { subtree: true, childList: true, characterData: true });
      if (shell) {
        new MutationObserver(() => {
          if (shell.getAttribute('data-live-state') !== 'live') w.notLive++;
        }).observe(shell, { attributes: true, attributeFilter: ['data-live-state'] });
      }
    });

    // 20 senders, each its own patient, each reading under its own Idempotency-Key, resent under the
    // same key until answered (as the bridge and the browser do).
    let stopped = false;
    const trafficStart = Date.now();
    const figures = {
      sent: 0,
      acknowledged: 0,
      resends: 0,
      refusals: [] as string[],
      failures: {} as Record<string, number>,
    };
    const acknowledged: { patientId: number; readingTime: string; id: number }[] = [];
    const acksOf = Array.from({ length: SENDERS }, () => 0);
    let lastPulseOfWatched = 0;
    const sender = async (i: number) => {
      const patientId = patients[i]!.id;
      for (let seq = 1; !stopped; seq++) {
        const readingTime = new Date(trafficStart + seq * 100).toISOString();
        const heartRate = 60 + ((seq * 7 + i) % 30);
        const key = randomUUID();
        figures.sent++;
        const firstTry = Date.now();
        for (let attempt = 0; ; attempt++) {
          if (attempt > 0) figures.resends++;
          if (Date.now() - firstTry > 20_000) {
            throw new Error(
              `sender ${i}: reading ${seq} never acknowledged (${JSON.stringify(figures.failures)})`,
            );
          }
          const headers = { 'idempotency-key': key };
          const answer = await post(
            '/api/device-readings',
            admin,
            { patientId, readingTime, heartRate },
            headers,
          ).catch((error: Error) => {
            const why = `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`;
            figures.failures[why] = (figures.failures[why] ?? 0) + 1;
            return null;
          });
          if (answer && answer.status !== 201) {
            const why = `${answer.status} ${String(answer.json.code ?? answer.json.message ?? '')}`;
            figures.failures[why] = (figures.failures[why] ?? 0) + 1;
          }
          if (answer?.status === 201) {
            const [stored] = (answer.json as { readings: { id: number }[] }).readings;
            acknowledged.push({ patientId, readingTime, id: stored!.id });
            figures.acknowledged++;
            acksOf[i]!++;
            if (i === 0) lastPulseOfWatched = heartRate;
            break;
          }
          if (answer && answer.status < 500)
            figures.refusals.push(`${answer.status} ${JSON.stringify(answer.json)}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        await new Promise((r) => setTimeout(r, SENDER_PAUSE_MS));
      }
    };
    const senders = Array.from({ length: SENDERS }, (_, i) => sender(i));
    await until('traffic to flow', async () => (acksOf.every((n) => n >= 3) ? true : undefined)).catch(
      async (error: Error) => {
        const states = await lb.states().catch(() => ({}));
        throw new Error(
          `${error.message}: HAProxy sees ${JSON.stringify(states)}\n${lb.output().slice(-2000)}`,
        );
      },
    );
    for (const s of streams) s.state.measuring = true;

    // The rolling restart: each instance in turn drains, exits and starts again, and the next waits
    // until HAProxy sends it traffic. The alert's deadline passes while the first is restarting.
    const restarts: { name: string; exitCode: number | null }[] = [];
    for (const [index, name] of [
      [0, 'vigil1'],
      [1, 'vigil2'],
    ] as const) {
      const old = instances[index]!;
      if (index === 0)
        await sql.query(`update alerts set deadline_at = now() + interval '1 second' where id = $1`, [
          alertId,
        ]);
      const exitCode = await old.stop();
      restarts.push({ name, exitCode });
      if (exitCode !== 0) {
        const lines = old
          .output()
          .split('\n')
          .filter((l) => !l.includes('"level":30'));
        console.error(`${name} exited with ${exitCode}:\n${lines.slice(-40).join('\n')}`);
      }
      const fresh = startVigil(old.port, instanceEnv('warn'));
      instances[index] = fresh;
      await readyOf(fresh);
      await serverIs(lb, name, 'UP');
    }
    const acksAtEnd = [...acksOf];
    await until('traffic to flow after the restarts', async () =>
      acksOf.every((n, i) => n >= acksAtEnd[i]! + READINGS_AFTER) ? true : undefined,
    );
    stopped = true;
    await Promise.all(senders);
    for (const s of streams) s.state.measuring = false;

    expect(restarts).toEqual([
      { name: 'vigil1', exitCode: 0 },
      { name: 'vigil2', exitCode: 0 },
    ]);
    expect(figures.refusals).toEqual([]);

    // Every acknowledged reading stored, exactly once (and nothing stored that was not acknowledged).
    const ids = patients.map((p) => p.id);
    const { rows: stored } = await sql.query<{ patient_id: number; reading_time: Date; id: string }>(
      'select patient_id, reading_time, id from vital_readings where patient_id = any($1) and reading_time >= $2',
      [ids, new Date(trafficStart)],
    );
    const storedKeys = stored.map((r) => `${r.patient_id}|${r.reading_time.toISOString()}`);
    expect(new Set(storedKeys).size).toBe(storedKeys.length);
    expect(storedKeys.sort()).toEqual(acknowledged.map((a) => `${a.patientId}|${a.readingTime}`).sort());
    expect(new Set(stored.map((r) => Number(r.id)))).toEqual(new Set(acknowledged.map((a) => a.id)));

    // Every stream receives every event, in id order, without a gap.
    const { rows: events } = await sql.query<{ id: string }>(
      `select id from live_events where id >= $1 and type not in ('streams-ended', 'device-tokens-ended') order by id`,
      [firstExpected],
    );
    const expected = events.map((e) => Number(e.id));
    const last = expected.at(-1)!;
    await until(
      'every stream to receive the last event',
      async () => (streams.every((s) => s.state.ids.at(-1)! >= last) ? true : undefined),
      30_000,
    ).catch((error: Error) => {
      const behind = streams
        .map((s, i) => ({
          i,
          last: s.state.ids.at(-1),
          refused: s.state.refused,
          reconnects: s.state.reconnects,
        }))
        .filter((s) => (s.last ?? 0) < last);
      throw new Error(`${error.message} (id ${last}): ${JSON.stringify(behind.slice(0, 5))}`);
    });
    for (const [i, s] of streams.entries()) {
      const received = s.state.ids.filter((id) => id >= firstExpected && id <= last);
      expect(received, `stream ${i}`).toEqual(expected);
    }

    // The alert's deadline passed during the restart: escalated once, on every screen once.
    const { rows: alertNow } = await sql.query<{ escalation_level: number; escalations: number }>(
      `select a.escalation_level,
              (select count(*)::int from audit_events e
                where e.entity_type = 'Alert' and e.entity_id = a.id::text and e.detail like 'escalated%') as escalations
         from alerts a where a.id = $1`,
      [alertId],
    );
    expect(alertNow[0]).toEqual({ escalation_level: 1, escalations: 1 });
    for (const s of streams) expect(s.state.escalations).toEqual([1]);

    // The screen shows the newest value without a click, and never said it was not live.
    const pulse = region(page, 'Vital signs').getByRole('listitem').first();
    await expect
      .poll(async () => visibleText(pulse), { timeout: 15_000 })
      .toMatch(new RegExp(`^Pulse ${lastPulseOfWatched} bpm`));
    const screen = await page.evaluate(() => {
      const w = window as unknown as { pulses: [number, number][]; notLive: number };
      return { pulses: w.pulses, notLive: w.notLive };
    });
    const screenGaps = screen.pulses.slice(1).map(([at], i) => at - screen.pulses[i]![0]);
    expect(screen.notLive).toBe(0);

    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.done));
    const received = streams.reduce((n, s) => n + s.state.ids.filter((id) => id >= firstExpected).length, 0);
    console.log(
      [
        'Rolling restart behind HAProxy (2 instances, 20 senders, 50 streams, 1 screen):',
        `  readings sent ${figures.sent}, acknowledged ${figures.acknowledged}, stored ${stored.length}; resent after a refusal or a lost connection ${figures.resends} ${JSON.stringify(figures.failures)}`,
        `  events expected ${expected.length} per stream (${expected.length * STREAMS} in all), received ${received}`,
        `  reconnects ${streams.reduce((n, s) => n + s.state.reconnects, 0)} (${STREAMS} streams, 2 restarts)`,
        `  longest gap between two events on a stream ${Math.round(Math.max(...streams.map((s) => s.state.longestGapMs)))} ms`,
        `  longest gap between two values on the screen ${Math.round(Math.max(...screenGaps))} ms (${screen.pulses.length} values shown)`,
        `  alert escalated ${alertNow[0]!.escalations} time(s); traffic ${Math.round((Date.now() - trafficStart) / 1000)} s`,
      ].join('\n'),
    );
  });
});
