import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admitPatient, listPatients } from './support/fixtures.ts';
import {
  PASSWORD,
  pageErrors,
  registerThroughUi,
  screenshot,
  uniqueUsername,
  useApp,
  visibleText,
} from './support/harness.ts';

// A fresh install, as `npm start` makes it: with the demo ward (SEED_DEMO defaults to true).
const app = useApp();

// The one journey about the demo ward itself; every other journey admits the patients it needs.
// First in this file: a later journey admits a patient, and then the ward is no longer the seed's.
describe('a fresh install', () => {
  it('opens on the demo ward: 24 demo patients, 4 of them Critical and one more whose NEWS2 is high', async () => {
    const { context, page } = await app.newPage();
    await registerThroughUi(page);
    const grid = page.getByRole('list', { name: 'Patients' });
    await grid.waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(24);
    expect(await grid.getByRole('link').count()).toBe(24); // one link per card
    // Every one of them a demonstration, and saying so.
    expect(await grid.locator('[data-demo-patient]').count()).toBe(24);
    // "critical" counts what the Critical filter shows: the Critical badges and a high NEWS2.
    const ward = await listPatients(page);
    expect(ward.filter((p) => p.condition === 'Critical')).toHaveLength(4);
    const critical = ward.filter((p) => p.condition === 'Critical' || p.news2.band === 'high');
    expect(critical.length).toBeGreaterThan(4);
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'patients' }))).toBe(
      `24 patients · ${critical.length} critical`,
    );
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('signing in and out', () => {
  it('registers, greets, logs out, and signs back in with "Keep me signed in"', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/');
    await page.waitForURL('**/auth'); // protected route while signed out
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'auth-1440');
    const username = await registerThroughUi(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText(`Welcome back, ${username}`).waitFor();
    await page.getByText('Logged in as').waitFor();
    await screenshot(page, 'shell-1440');

    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'vigil_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    // Persistent for about 30 days, not a browser-session cookie.
    expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);

    // A signed-in visit to /auth goes to the dashboard.
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows "Login failed" for a wrong password', async () => {
    const { context, page } = await app.newPage();
    const username = await registerThroughUi(page);
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('definitely wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Login failed').waitFor();
    // The server's words, never the status code in front of them (issue 40).
    await page.getByText('Invalid username or password', { exact: true }).waitFor();
    expect(await page.getByText('401: Invalid username or password').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('validates the registration form before sending it', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Choose username').fill('ab');
    await page.getByLabel('Choose password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    // Re-validates on change.
    await page.getByLabel('Choose username').fill(uniqueUsername());
    await page.getByText('Username must be at least 3 characters').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the shell', () => {
  it('collapses the sidebar with Ctrl+B and keeps it collapsed after a reload', async () => {
    const { context, page } = await app.newPage();
    await registerThroughUi(page);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => document.querySelector('#app-sidebar')?.getAttribute('data-state') === 'collapsed',
    );
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await page.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    const width = await sidebar.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(48); // 3rem icon mode
    await screenshot(page, 'shell-collapsed-1440');
    // In icon mode the labels are tooltips, after the spec's 700 ms, describing the link; Escape closes.
    const dashboardLink = sidebar.getByRole('link', { name: 'Dashboard' });
    await dashboardLink.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await visibleText(tooltip)).toBe('Dashboard');
    expect(await dashboardLink.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    const tip = await tooltip.boundingBox();
    const link = await dashboardLink.boundingBox();
    expect(tip!.x).toBeGreaterThan(link!.x + link!.width); // beside the icon, outside the narrow sidebar
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });
    expect(await dashboardLink.getAttribute('aria-describedby')).toBeNull();
    await page.keyboard.press('Meta+b');
    await page.waitForFunction(
      () => document.querySelector('#app-sidebar')?.getAttribute('data-state') === 'expanded',
    );
    await context.close();
  });

  it('turns the sidebar into a drawer at 375 px', async () => {
    const { context, page } = await app.newPage({ width: 375, height: 812 });
    const username = await registerThroughUi(page);
    expect(await page.locator('#app-sidebar').count()).toBe(0);
    await screenshot(page, 'shell-375');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(`Logged in as`).waitFor();
    await drawer.getByText(username).waitFor();
    await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(288); // 18rem
    expect((await drawer.boundingBox())!.x).toBe(0);
    await screenshot(page, 'drawer-375');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the 404 page for an unknown path and highlights Patients on patient paths', async () => {
    const { context, page } = await app.newPage();
    await registerThroughUi(page);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Patients' }).getAttribute('aria-current')).toBeNull();
    await context.close();
  });

  it('sends the nurse to /auth on the next call once the session has ended', async () => {
    const { context, page } = await app.newPage();
    await registerThroughUi(page);
    const patient = await admitPatient(page);
    await page.goto('/');
    await page.getByRole('link', { name: patient.name }).waitFor();
    await context.clearCookies(); // as when the server ends the session (idle 30 min, 12 h)
    await page.getByRole('link', { name: patient.name }).click(); // client-side navigation → 401
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('shows the ward after signing in again when the session had ended while its hint stayed', async () => {
    const { context, page } = await app.newPage();
    const username = await registerThroughUi(page);
    const patient = await admitPatient(page);
    // The session ended while the page was closed; the readable hint cookie is still there, so the
    // page starts by asking for the session and the patient list at once, and both are refused.
    await context.clearCookies({ name: 'vigil_session' });
    await page.goto('/');
    await page.waitForURL('**/auth');
    // Signing in on that page (no reload): the refused early list must not reach the new session.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: patient.name }).waitFor();
    expect(page.url()).not.toContain('/auth');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('redirects a signed-out visitor from a protected route to /auth', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/patient/1');
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    // "Forgot password" says who resets passwords (its dialog loads on the click); focus comes back.
    const forgot = page.getByRole('button', { name: 'Forgot password' });
    await forgot.click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.getByText('Passwords are reset by your ward administrator or IT service desk.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await forgot.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('renders the sign-in screen at 375 px without horizontal scrolling', async () => {
    const { context, page } = await app.newPage({ width: 375, height: 812 });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'auth-375');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('loads only what each screen shows: the sign-in page no signed-in code, the dashboard no other screen', async () => {
    const { context, page } = await app.newPage();
    const signIn = await scriptsOf(page, '/auth', () =>
      page.getByRole('button', { name: 'Sign in' }).waitFor(),
    );
    expect(
      signIn.names.filter((n) => /^(sidebar-layout|dashboard-page|force-password-change)-/.test(n)),
    ).toEqual([]);
    // The page-weight budgets (sign-in ≤ 150 KB, dashboard ≤ 170 KB), gzipped as served.
    expect(signIn.gzipKb).toBeLessThanOrEqual(150);

    await registerThroughUi(page);
    const dashboard = await scriptsOf(page, '/', () =>
      page.getByRole('list', { name: 'Patients' }).waitFor(),
    );
    const otherScreens =
      /^(patient-page|patient-access-page|audit-page|accounts-admin|admin-page|account-settings|alerts-page|bluetooth-manager-page|trend-chart|acknowledge-dialog|device-lost-watch)-/;
    expect(dashboard.names.filter((n) => otherScreens.test(n))).toEqual([]);
    expect(dashboard.gzipKb).toBeLessThanOrEqual(170);
    await context.close();
  });
});

/** The scripts a fresh load of `url` fetches until `ready` and a quiet network: file names and size. */
async function scriptsOf(page: Page, url: string, ready: () => Promise<unknown>) {
  const bodies: Promise<[string, Buffer]>[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    if (res.request().resourceType() !== 'script') return;
    const name = new URL(res.url()).pathname.split('/').pop()!;
    bodies.push(res.body().then((body) => [name, body]));
  };
  page.on('response', onResponse);
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const scripts = await Promise.all(bodies);
  return {
    names: scripts.map(([name]) => name),
    gzipKb: scripts.reduce((sum, [, body]) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
  };
}
