import { gzipSync } from 'node:zlib';
import type { PatientCreateInput } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, startApp } from '../e2e/support/harness.ts';
import { fmt, keepAliveClient, report } from './lib.ts';

const FIRST_PAGE_GOAL_KB = 150;
const DASHBOARD_GOAL_KB = 170;
const WARD_SIZE = 500;
const ALL_PAINTED_GOAL_MS = 1000;
const RUNS = 5;

/** Patient `i` of the bench's ward: a fifth of them Critical, with varied vitals. */
function benchWardPatient(i: number): PatientCreateInput {
  return {
    name: `Bench Patient ${i + 1}`,
    condition: (['Critical', 'Improving', 'Stable', 'Recovering', 'Stable'] as const)[i % 5]!,
    oxygenLevel: 88 + (i % 12),
    pulse: 55 + ((i * 7) % 70),
    systolicBP: 95 + ((i * 11) % 60),
    diastolicBP: 60 + ((i * 5) % 30),
    temperature: 975 + ((i * 3) % 40),
    respiratoryRate: 12 + (i % 14),
    consciousness: i % 23 === 0 ? 'C' : 'A',
    onSupplementalOxygen: i % 4 === 0,
    spo2Scale: 1,
  };
}

// Runs in the page before any of its scripts (DevTools protocol, so the CSP does not apply): notes
// when the first screen of cards (the 12 a 1440 px screen shows) and when every card was in the page
// and painted, in ms since the navigation started (performance.now()'s origin).
const FIRST_SCREEN = 12;
const PROBE = `(() => {
  const expected = Number(new URL(location.href).searchParams.get('benchN'));
  if (!expected) return;
  const first = Math.min(expected, ${FIRST_SCREEN});
  window.__bench = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (/\\/api\\/patients$/.test(e.name)) window.__bench.dataAt = e.responseEnd;
  }).observe({ type: 'resource', buffered: true });
  const cards = () => document.querySelectorAll('main ul > li h3 a[href^="/patient/"]').length;
  const painted = (key) => requestAnimationFrame(() => requestAnimationFrame(() => { window.__bench[key] ??= performance.now(); }));
  const mo = new MutationObserver(() => {
    const n = cards();
    if (n >= first && !window.__bench.firstSeen) { window.__bench.firstSeen = true; painted('firstAt'); }
    if (n >= expected) { mo.disconnect(); painted('allAt'); }
  });
  document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { childList: true, subtree: true }));
})();`;

interface DashboardLoad {
  /** When the patient list had arrived. */
  dataMs: number;
  firstMs: number;
  allMs: number;
  /** Paths of the API requests the page made (the event stream aside). */
  apiRequests: string[];
  /** Cards drawn as text (far from the viewport) once the page was quiet. */
  textCards: number;
}

/** Opens the dashboard of `n` patients and notes when its cards were painted and what it asked. */
async function loadDashboard(page: Page, n: number): Promise<DashboardLoad> {
  const apiRequests: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/events') apiRequests.push(pathname);
  };
  page.on('request', onRequest);
  try {
    await page.goto(`/?benchN=${n}`);
    await page.waitForFunction(
      () => (window as unknown as { __bench: { allAt?: number } }).__bench.allAt,
      null,
      {
        timeout: 60_000,
      },
    );
    // A card that fetched its own data would do so once it rendered: give such requests time to show.
    await page.waitForLoadState('networkidle');
    const { dataAt, firstAt, allAt } = await page.evaluate(
      () => (window as unknown as { __bench: { dataAt: number; firstAt: number; allAt: number } }).__bench,
    );
    const textCards = await page.evaluate(() => document.querySelectorAll('[data-card-summary]').length);
    return { dataMs: dataAt, firstMs: firstAt, allMs: allAt, apiRequests: [...apiRequests], textCards };
  } finally {
    page.off('request', onRequest);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The scripts a page loads until it shows `ready` and the network is quiet, gzipped as served. */
async function scriptBytes(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<{ raw: number; gzip: number; files: number }> {
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(bodies);
  return {
    raw: all.reduce((s, b) => s + b.length, 0),
    gzip: all.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0),
    files: all.length,
  };
}

const sizeGoal = (gzipBytes: number, goalKb: number) =>
  `(goal ≤ ${goalKb} KB: ${gzipBytes / 1024 <= goalKb ? 'met' : 'NOT met'})`;

/** Speed: JavaScript of the first page and of the dashboard; the dashboard of 500 patients. */
export async function benchWeb() {
  console.log('\n# Web (Chromium)');
  const [app, browser] = await Promise.all([startApp({ SEED_DEMO: 'false' }), launchBrowser()]);
  try {
    const signedOut = await newPage(browser, app.baseUrl);
    const first = await scriptBytes(signedOut.page, '/auth', (page) =>
      page.getByRole('button', { name: 'Sign in', exact: true }).waitFor(),
    );
    await signedOut.context.close();
    report(
      'JavaScript loaded by the first page (/auth), gzipped',
      `${fmt(first.gzip / 1024, 1)} KB in ${first.files} files (${fmt(first.raw / 1024)} KB raw)  ${sizeGoal(first.gzip, FIRST_PAGE_GOAL_KB)}`,
    );

    const { context, page } = await newPage(browser, app.baseUrl);
    await page.request.post('/api/register', {
      data: { username: `bench${Date.now()}`, password: 'bench password' },
      headers: { origin: app.baseUrl },
    });
    const dashboard = await scriptBytes(page, '/', (p) =>
      p.getByRole('heading', { name: 'Patients' }).waitFor(),
    );
    report(
      'JavaScript loaded by the dashboard (signed in), gzipped',
      `${fmt(dashboard.gzip / 1024, 1)} KB in ${dashboard.files} files  ${sizeGoal(dashboard.gzip, DASHBOARD_GOAL_KB)}`,
    );

    // The ward, admitted through the API as a nurse would, four at a time.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const client = keepAliveClient(app.baseUrl, { cookie, origin: app.baseUrl });
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < WARD_SIZE) {
          const res = await client.post('/api/patients', benchWardPatient(next++));
          if (res.status !== 201) throw new Error(`admitting a bench patient: ${res.status} ${res.body}`);
        }
      }),
    );
    await client.close();

    await context.addInitScript(PROBE);
    await loadDashboard(page, WARD_SIZE); // warm-up: code and styles cached, as on a ward's screen
    const runs: DashboardLoad[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await loadDashboard(page, WARD_SIZE));
    const dataMs = median(runs.map((r) => r.dataMs));
    const firstMs = median(runs.map((r) => r.firstMs));
    const allMs = median(runs.map((r) => r.allMs));
    const afterData = median(runs.map((r) => r.allMs - r.dataMs));
    report(
      `dashboard, ${WARD_SIZE} patients: navigation → first screen painted (median of ${RUNS})`,
      `${fmt(firstMs)} ms (the list had arrived at ${fmt(dataMs)} ms; list → all painted ${fmt(afterData)} ms)`,
    );
    report(
      `dashboard, ${WARD_SIZE} patients: navigation → all cards painted (median of ${RUNS})`,
      `${fmt(allMs)} ms  (goal < ${fmt(ALL_PAINTED_GOAL_MS)} ms: ${allMs < ALL_PAINTED_GOAL_MS ? 'met' : 'NOT met'}; ${fmt(median(runs.map((r) => r.textCards)))} of them drawn as text, far from the viewport)`,
    );
    // Every run, not the median: one card asking for its own data in any run is a miss.
    const requests = runs.flatMap((r) => r.apiRequests);
    const lists = requests.filter((p) => p === '/api/patients').length / RUNS;
    const perPatient = requests.filter((p) => /^\/api\/patients\/\d+/.test(p)).length / RUNS;
    const total = requests.length / RUNS;
    const kinds = [...new Set(runs[0]!.apiRequests)].sort().join(', ');
    report(
      `dashboard, ${WARD_SIZE} patients: API requests per load`,
      `${fmt(total, 1)} (${kinds}): ${fmt(lists, 1)} list, ${fmt(perPatient, 1)} per patient  (goal 1 list, 0 per patient: ${lists === 1 && perPatient === 0 ? 'met' : 'NOT met'})`,
    );
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}
