import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage, startApp } from '../e2e/support/harness.ts';
import { fmt, report } from './lib.ts';

/** A synthetic ward of `n` patients, a fifth of them Critical, with varied vitals. */
function ward(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Bench Patient ${i + 1}`,
    oxygenLevel: 88 + (i % 12),
    pulse: 55 + ((i * 7) % 70),
    systolicBP: 95 + ((i * 11) % 60),
    diastolicBP: 60 + ((i * 5) % 30),
    temperature: 975 + ((i * 3) % 40),
    condition: ['Critical', 'Improving', 'Stable', 'Recovering', 'Stable'][i % 5],
    lastUpdated: new Date(Date.now() - (i % 90) * 60_000).toISOString(),
    hasVitalWatch: i % 7 === 0,
    vitalWatchType: i % 7 === 0 ? 'Polar H10' : null,
    vitalWatchConnected: false,
    respiratoryRate: 12 + (i % 14),
    consciousness: i % 23 === 0 ? 'C' : 'A',
    onSupplementalOxygen: i % 4 === 0,
    spo2Scale: 1,
    createdAt: new Date(Date.now() - 86_400_000).toISOString(),
  }));
}

// Runs in the page before any of its scripts (DevTools protocol, so the CSP does not apply):
// records when the patient list response ended, when the first screen of cards (the 12 a 1440 px
// screen shows) was painted, and when every card was in the page and painted.
const FIRST_SCREEN = 12;
const PROBE = `(() => {
  const expected = Number(new URL(location.href).searchParams.get('benchN'));
  const first = Math.min(expected, ${FIRST_SCREEN});
  window.__bench = {};
  const cards = () => document.querySelectorAll('main ul > li h3 a[href^="/patient/"]').length;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (/\\/api\\/patients$/.test(e.name)) window.__bench.dataAt = e.responseEnd;
  }).observe({ type: 'resource', buffered: true });
  const painted = (key) => requestAnimationFrame(() => requestAnimationFrame(() => { window.__bench[key] ??= performance.now(); }));
  const mo = new MutationObserver(() => {
    const n = cards();
    if (n >= first && !window.__bench.firstSeen) { window.__bench.firstSeen = true; painted('firstAt'); }
    if (n >= expected) { mo.disconnect(); painted('allAt'); }
  });
  document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { childList: true, subtree: true }));
})();`;

async function renderTime(page: Page, n: number): Promise<{ first: number; all: number }> {
  const body = JSON.stringify(ward(n));
  await page.unroute('**/api/patients');
  await page.route('**/api/patients', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body }),
  );
  await page.goto(`/?benchN=${n}`);
  await page.waitForFunction(
    () => (window as unknown as { __bench: { allAt?: number } }).__bench.allAt,
    null,
    {
      timeout: 30_000,
    },
  );
  const { dataAt, firstAt, allAt } = await page.evaluate(
    () => (window as unknown as { __bench: { dataAt: number; firstAt: number; allAt: number } }).__bench,
  );
  return { first: firstAt - dataAt, all: allAt - dataAt };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function scriptBytes(page: Page, url: string): Promise<{ raw: number; gzip: number; files: number }> {
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(bodies);
  return {
    raw: all.reduce((s, b) => s + b.length, 0),
    gzip: all.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0),
    files: all.length,
  };
}

/** Issue 4: dashboard render time for 500 patients (ratio to 25), and first-page JavaScript size. */
export async function benchWeb() {
  console.log('\n# Web (Chromium)');
  const [app, browser] = await Promise.all([startApp({ SEED_DEMO: 'false' }), launchBrowser()]);
  try {
    const signedOut = await newPage(browser, app.baseUrl);
    const first = await scriptBytes(signedOut.page, '/auth');
    await signedOut.context.close();
    report(
      'JavaScript loaded by the first page (/auth), gzipped',
      `${fmt(first.gzip / 1024, 1)} KB in ${first.files} files (${fmt(first.raw / 1024)} KB raw)  (goal ≤ 170 KB: ${first.gzip / 1024 <= 170 ? 'met' : 'NOT met'})`,
    );

    const { context, page } = await newPage(browser, app.baseUrl);
    await page.request.post('/api/register', {
      data: { username: `bench${Date.now()}`, password: 'bench password' },
      headers: { origin: app.baseUrl },
    });
    const dashboard = await scriptBytes(page, '/');
    report(
      'JavaScript loaded by the dashboard (signed in), gzipped',
      `${fmt(dashboard.gzip / 1024, 1)} KB in ${dashboard.files} files`,
    );

    await context.addInitScript(PROBE);
    // Analyses are not what is measured: answer them at once (the cards fall back to local NEWS2).
    await page.route('**/api/patients/*/analysis', (route) => route.fulfill({ status: 503, body: '' }));
    await page.route('**/api/events', (route) => route.abort());
    await renderTime(page, 25); // warm-up: code and styles cached
    const small: { first: number; all: number }[] = [];
    const large: { first: number; all: number }[] = [];
    for (let i = 0; i < 5; i++) {
      small.push(await renderTime(page, 25));
      large.push(await renderTime(page, 500));
    }
    const first25 = median(small.map((r) => r.first));
    const first500 = median(large.map((r) => r.first));
    report(
      'dashboard, 25 patients: data → first screen painted (median of 5)',
      `${fmt(first25)} ms (baseline)`,
    );
    report(
      'dashboard, 500 patients: data → first screen painted (median of 5)',
      `${fmt(first500)} ms  (goal < 300 ms: ${first500 < 300 ? 'met' : 'NOT met'})`,
      { value: first500 / first25, goal: 'informative', ok: true },
    );
    const all25 = median(small.map((r) => r.all));
    const all500 = median(large.map((r) => r.all));
    report('dashboard, 500 patients: data → all 500 cards painted (median of 5)', `${fmt(all500)} ms`, {
      value: all500 / all25,
      goal: 'informative',
      ok: true,
    });
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}
