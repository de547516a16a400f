import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { freePort } from '../../apps/server/test/free-port.ts';
import { MOBILE_BREAKPOINT_PX } from '../../apps/web/src/hooks/use-is-mobile.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');

/**
 * A time as the web app's `formatTimeOrDayTime` writes it, as a RegExp source: "04:27" today,
 * "21 Nov, 22:10" on another day (a journey near midnight sees both).
 */
export const TIME_OR_DAY_TIME = String.raw`(?:\d{1,2} [A-Z][a-z]{2}, )?\d{2}:\d{2}`;

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: the same engine and version as
 * the package chromium, without the browser's user interface), which spends a third less CPU on a
 * journey (decisions 038, 039); Debian's full Chromium where the shell is not installed;
 * `CHROMIUM_PATH` names another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  /** Stops the server process and deletes its data. */
  stop(): Promise<void>;
  /**
   * Stops the server process and keeps its data and port, as an outage or a restart does: SIGTERM
   * shuts it down cleanly, SIGKILL kills it where it stands.
   */
  halt(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts the server again on the same port and data (after halt), and waits until it is healthy. */
  resume(): Promise<void>;
}

interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Set before a deliberate stop, so only an unexpected exit is reported. */
  isStopping: boolean;
}

/** Spawns the server (apps/server/start.js) with `env` and waits for /api/health to answer. */
async function spawnServer(baseUrl: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['apps/server/start.js'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const server: ServerProcess = { child, output: () => output, isStopping: false };
  // A server that dies under a journey leaves only "connection refused" behind: say why it died.
  child.once('exit', (code, signal) => {
    if (!server.isStopping)
      process.stderr.write(`The server on ${baseUrl} exited (code ${code}, signal ${signal}):\n${output}\n`);
  });
  return server;
}

async function stopProcess(server: ServerProcess, signal: 'SIGTERM' | 'SIGKILL') {
  server.isStopping = true;
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/**
 * Starts the real server (apps/server/src/main.ts) as its own process on a free port, with a fresh
 * embedded database seeded with the demo ward, serving the built web app, the way `npm start` does.
 * Journeys make their own data (support/fixtures.ts); `EMPTY_WARD` starts without the demo ward.
 */
export async function startApp(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<RunningApp> {
  // E2E_WEB_DIST lets a developer test a build in another folder; `npm test` builds apps/web/dist.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `The web app is not built in ${webDist}: run \`npm run build\` before the browser journeys.`,
    );
  }
  const port = await freePort();
  // A function when the environment names the app's own address (an OAuth redirect URI).
  const extraEnv = typeof env === 'function' ? env(port) : env;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-'));
  const template = databaseTemplate();
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ServerProcess | null = await spawnServer(baseUrl, serverEnv);
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (server) await stopProcess(server, 'SIGTERM');
      server = null;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async halt(signal = 'SIGTERM') {
      if (server) await stopProcess(server, signal);
      server = null;
    },
    async resume() {
      if (server) throw new Error('The server is running: halt() it first');
      server = await spawnServer(baseUrl, serverEnv);
    },
  };
}

/**
 * The migrated database that the journeys' global set-up made (support/database-template.ts), or
 * none outside Vitest (the web bench starts its server on an empty folder).
 */
function databaseTemplate(): string | undefined {
  return process.env.VITEST ? inject('e2eDatabaseTemplate') : undefined;
}

/** startApp(EMPTY_WARD): no demo patients, so the ward holds exactly what the journeys admit. */
export const EMPTY_WARD = { SEED_DEMO: 'false' } as const;

/** The app and the browser that the journeys of one file share. */
export interface JourneyApp {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** A new browser context on the app, with one page (see newPage). */
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** The server process stops, keeping its data and port (RunningApp.halt). */
  halt(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** The server starts again on the same data and port (RunningApp.resume). */
  resume(): Promise<void>;
}

/**
 * Starts the app (with `env`, see startApp) and a browser before the file's journeys and stops both
 * after them. Call it at the top of the file; use what it returns inside hooks and journeys.
 */
export function useApp(env: Record<string, string> = {}): JourneyApp {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startApp(env), launchBrowser()]);
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const running = () => {
    if (!app || !browser) throw new Error('The app starts in beforeAll: use it inside hooks and journeys');
    return { app, browser };
  };
  return {
    get baseUrl() {
      return running().app.baseUrl;
    },
    get browser() {
      return running().browser;
    },
    newPage: (viewport) => newPage(running().browser, running().app.baseUrl, viewport),
    halt: (signal) => running().app.halt(signal),
    resume: () => running().app.resume(),
  };
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  appUrlByContext.set(context, baseUrl);
  const page = await context.newPage();
  const errors: string[] = [];
  // A CSP violation or uncaught error in the page fails loudly in the test output.
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/.test(msg.text())) errors.push(msg.text());
  });
  // Every CSP violation, also one a script caught (as zod's eval probe was): reported by the page.
  await page.exposeFunction('__vigilCspViolation', (text: string) => errors.push(`CSP violation: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __vigilCspViolation: (text: string) => void })
        .__vigilCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  errorsByPage.set(page, errors);
  keepDiary(page);
  return { context, page };
}

/**
 * What each open page did lately: its console, its failed requests and error answers, its live
 * stream's opening and end, and its navigations, each with the seconds since the page opened (not
 * every request sent: listening to those made the journeys about 6 % slower in all, 1,131 against
 * 1,065 s over two clean-clone runs each). A journey that fails prints the diaries of its file's
 * pages (reportFailedJourney), so a wait that timed out on a busy machine says what the page was
 * doing meanwhile, not only what it did not show.
 */
const diaries = new Map<Page, string[]>();
/** Diaries of pages closed during the current journey (a file's own afterEach may close its pages first). */
const closedDiaries: { url: string; lines: string[] }[] = [];
const DIARY_LINES = 80;

function keepDiary(page: Page) {
  const opened = performance.now();
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(`${((performance.now() - opened) / 1000).toFixed(1)} s ${line}`);
    if (lines.length > DIARY_LINES) lines.shift();
  };
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  diaries.set(page, lines);
  let url = 'about:blank';
  page.on('close', () => {
    diaries.delete(page);
    closedDiaries.push({ url, lines });
  });
  page.on('console', (msg) => note(`console.${msg.type()}: ${msg.text().slice(0, 300)}`));
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    url = frame.url();
    note(`navigated to ${pathOf(url)}`);
  });
  page.on('requestfailed', (request) =>
    note(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText ?? 'unknown'}`),
  );
  page.on('response', (response) => {
    const where = pathOf(response.url());
    if (response.status() >= 400 || where.startsWith('/api/events'))
      note(`${response.request().method()} ${where} answered ${response.status()}`);
  });
  page.on('requestfinished', (request) => {
    if (pathOf(request.url()).startsWith('/api/events')) note(`${pathOf(request.url())} stream ended`);
  });
}

/**
 * After each journey: when it failed, prints what its file's pages did lately (keepDiary), the open
 * ones and those closed during it. Registered by e2e/support/journey-setup.ts, the e2e project's
 * setup file, not here: the benchmarks import this module outside Vitest (npm run bench), where a
 * hook registered on import throws.
 */
export function reportFailedJourney(context: { task: { name: string; result?: { state?: string } } }) {
  const closed = closedDiaries.splice(0);
  if (context.task.result?.state !== 'fail' || diaries.size + closed.length === 0) return;
  const report = [
    ...[...diaries].map(([page, lines]) => ({ url: page.url(), lines, state: 'open' })),
    ...closed.map((diary) => ({ ...diary, state: 'closed' })),
  ].map(({ url, lines, state }) => `-- page at ${url} (${state})\n${lines.join('\n') || '(nothing noted)'}`);
  process.stderr.write(
    `\nWhat the open pages did before "${context.task.name}" failed:\n${report.join('\n')}\n`,
  );
}

const errorsByPage = new WeakMap<Page, string[]>();
const appUrlByContext = new WeakMap<BrowserContext, string>();

/** The origin of the app the page's browser context was opened on (by newPage). */
export function appUrlOf(page: Page): string {
  const url = appUrlByContext.get(page.context());
  if (!url) throw new Error('This page was not opened with newPage, so its app is unknown');
  return url;
}

/** Uncaught errors and CSP violations the page reported since it was opened. */
export function pageErrors(page: Page): string[] {
  return errorsByPage.get(page) ?? [];
}

/**
 * Resizes the page and waits until the app has laid itself out for the new width. The shell follows
 * the width through media-query events, which arrive with the next frame: measured before then, a
 * page made narrow still has the desktop sidebar beside it and seems to scroll sideways. Outside
 * the signed-in shell (the sign-in page) only the window's width is waited for.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction(
    ({ width, mobileBelow }) => {
      if (window.innerWidth !== width) return false;
      // The signed-in shell (sidebar-layout.tsx) is the one with a sidebar, and it marks its frame.
      if (!document.querySelector('[data-live-state]')) return true;
      return (document.getElementById('app-sidebar') === null) === width < mobileBelow;
    },
    { width: size.width, mobileBelow: MOBILE_BREAKPOINT_PX },
  );
}

/** A picture of the page into test-results/screenshots: the whole page, or what the first screen shows. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

let userCounter = 0;
export const uniqueUsername = (prefix = 'nurse') =>
  `${prefix}${Date.now().toString(36)}${(userCounter++).toString(36)}`;
export const PASSWORD = 'correct horse battery';

/** Registers through the screen, as a newcomer does, and waits for the dashboard. */
export async function registerThroughUi(page: Page, username = uniqueUsername()) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Choose username').fill(username);
  await page.getByLabel('Choose password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();
  return username;
}

/** Signs an existing nurse in through the screen and waits for the dashboard. */
export async function signInThroughUi(page: Page, username: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Waits until the page is at rest: the running (finite) animations and transitions have finished,
 * and a look after two more frames finds none (at most 3 s).
 */
async function atRest(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 3000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    while (performance.now() < deadline) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' &&
            a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, deadline - performance.now())),
      ]);
    }
  });
}

/**
 * Waits until the page has been still for `frames` frames in a row: no change to its DOM (a
 * MutationObserver) and no finite animation or transition running. Counted in frames, not in time:
 * on a busy machine a record can still be laying out (a chart drawn, a section's data arriving)
 * after its last "Loading" has gone. Fails after 10 s of a page that never comes to rest.
 */
export async function untilStill(page: Page, frames = 10) {
  await page.evaluate(async (needed) => {
    const deadline = performance.now() + 10_000;
    let changed = false;
    const observer = new MutationObserver(() => {
      changed = true;
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    try {
      for (let still = 0; still < needed; ) {
        if (performance.now() > deadline) throw new Error('The page did not come to rest within 10 s');
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const animating = document
          .getAnimations()
          .some(
            (a) =>
              a.playState === 'running' &&
              a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          );
        still = changed || animating ? 0 : still + 1;
        changed = false;
      }
    } finally {
      observer.disconnect();
    }
  }, frames);
}

/** axe-core's script, read from disk once per worker. */
let axeSource: string | undefined;

/**
 * Runs axe-core in the page and returns the serious and critical violations. Injected through the
 * DevTools protocol (page.evaluate), which the page's CSP does not govern.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Once per document: a second copy is half a megabyte compiled again.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const run = async () => {
    // Contrast is judged on the page at rest: a dialog still fading in, or a toast fading in, has
    // its text at part opacity.
    await atRest(page);
    const violations = (await page.evaluate(async () => {
      const axe = (
        globalThis as unknown as {
          axe: {
            run: (ctx: Document, options: { resultTypes: string[] }) => Promise<{ violations: unknown[] }>;
          };
        }
      ).axe;
      // Only the violations are wanted: axe then keeps one node, not all, of what passed (a quarter
      // less of the page's CPU for each run, the same violations).
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    })) as AxeViolation[];
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  };
  const first = await run();
  // axe takes a while on a busy machine, and a toast can appear while it runs and be judged
  // mid-fade: a contrast finding is looked at once more at rest, and only what stands both times is
  // reported (a real contrast fault stands; every other finding is reported at once).
  if (!first.some((v) => v.id === 'color-contrast')) return first;
  const again = await run();
  return first.filter((v) => v.id !== 'color-contrast' || again.some((w) => w.id === v.id));
}

/** The text as a reader sees it (innerText: blocks on their own lines), whitespace collapsed. */
export async function visibleText(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

/** Fails with a readable list when axe finds a serious or critical violation on the page. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  expect(
    violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** A section of the page by its accessible name, e.g. 'Vital signs'. */
export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * Returns once the page has run what it has set going, without waiting out a time: the next two
 * frames (intersection observers report in a frame; React commits what changed), then a message
 * queued behind React's scheduler (passive effects, where a query starts its fetch), then a timer
 * queued behind those of the page (sonner adds a toast on a timer of its own).
 */
export async function pageAtRest(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => setTimeout(resolve, 0);
            channel.port2.postMessage(null);
          }),
        ),
      ),
  );
}

/**
 * Returns once every request the page has made so far has been seen by the test (page.on('request')),
 * without waiting out a time: the page comes to rest (pageAtRest), then makes a marker request;
 * requests are reported in the order the page makes them, so once the marker's is seen, so is every
 * earlier one.
 */
export async function requestsSettled(page: Page): Promise<void> {
  await pageAtRest(page);
  const marker = `/api/health?e2e-marker=${Date.now()}`;
  const seen = page.waitForRequest((r) => r.url().endsWith(marker));
  await page.evaluate((url) => fetch(url).then((r) => r.status), marker);
  await seen;
}

/**
 * The first toast whose text matches `title` and, when given, also says `saying` (case and all).
 * A toast's words are checked as it shows, in the one wait: a toast is replaced by the next one
 * (TOAST_LIMIT 1), so one waited for by its title may be gone when its words are read after.
 */
export const toast = (page: Page, title: string | RegExp, saying?: string | RegExp) => {
  const titled = page.locator('[data-sonner-toast]').filter({ hasText: title });
  if (saying === undefined) return titled.first();
  const words =
    typeof saying === 'string' ? new RegExp(saying.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : saying;
  return titled.filter({ hasText: words }).first();
};

/** The patient's card on the dashboard: the item of the Patients list whose link is named `name`. */
export const card = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Patients' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

/**
 * Opens `path` as a link in the app does: by its router (the History API), in the signed-in app
 * already on the page, whose session, live stream and loaded code stay (about a fifth of the CPU of
 * loading the page again: 0.15 s against 0.69 for the dashboard, 0.98 for a record). The page is
 * loaded (page.goto) when it holds no signed-in app yet. A journey about a fresh load (a reload, a
 * first visit, signing in) uses page.goto itself.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const routed = await page.evaluate((to) => {
    // The signed-in shell (sidebar-layout.tsx) marks its frame; wouter follows history.pushState.
    if (!document.querySelector('[data-live-state]')) return false;
    history.pushState(null, '', to);
    return true;
  }, path);
  if (!routed) await page.goto(path);
}

/**
 * Opens a patient's record and waits for its heading: by the app's router when the page is in the
 * signed-in app (as a nurse follows a link from a card or the board), else by loading it.
 */
export async function openPatient(page: Page, patient: { id: number; name: string }) {
  await openInApp(page, `/patient/${patient.id}`);
  await page.getByRole('heading', { level: 1, name: patient.name }).waitFor();
}

/** A live event as a page handled it (recordLiveEvents). */
export interface HandledLiveEvent {
  id: number;
  type: string;
  patientId: number | null;
}

/**
 * Records, in every page `context` opens from now on, each live event the app has handled (after its
 * EventSource onmessage handler returned), in order: a journey can then wait for a page to have
 * handled an event, and so every event before it (the stream keeps their order).
 */
export async function recordLiveEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const handled: { id: number; type: string; patientId: number | null }[] = [];
    Object.assign(window, { e2eLiveEvents: handled });
    const native = Object.getOwnPropertyDescriptor(EventSource.prototype, 'onmessage')!;
    Object.defineProperty(EventSource.prototype, 'onmessage', {
      configurable: true,
      get(this: EventSource) {
        return native.get!.call(this);
      },
      set(this: EventSource, handler: ((event: MessageEvent) => unknown) | null) {
        const recording = handler
          ? function (this: EventSource, event: MessageEvent) {
              try {
                return handler.call(this, event);
              } finally {
                try {
                  const data = JSON.parse(String(event.data)) as { type?: string; patientId?: number | null };
                  handled.push({
                    id: Number(event.lastEventId),
                    type: String(data.type),
                    patientId: data.patientId ?? null,
                  });
                } catch {
                  // not an event of Vigil's
                }
              }
            }
          : null;
        native.set!.call(this, recording);
      },
    });
  });
}

/**
 * Waits until `page` has handled a live event that `matches` (recordLiveEvents), so every event the
 * stream carried before it too, then until the page is at rest (pageAtRest): what those events set
 * going in the page (a render, a toast) has happened.
 */
export async function liveEventHandled(
  page: Page,
  matches: { type?: string; patientId?: number },
): Promise<void> {
  await page.waitForFunction(
    (m) =>
      (window as unknown as { e2eLiveEvents?: HandledLiveEvent[] }).e2eLiveEvents?.some(
        (e) =>
          (m.type === undefined || e.type === m.type) &&
          (m.patientId === undefined || e.patientId === m.patientId),
      ) ?? false,
    matches,
  );
  await pageAtRest(page);
}
