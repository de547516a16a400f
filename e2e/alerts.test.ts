import { Alert, type Patient, User } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { admitPatient, api, recordSepticObservations, signIn, signUp } from './support/fixtures.ts';
import {
  card,
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  openPatient,
  PASSWORD,
  pageErrors,
  region,
  resizeTo,
  screenshot,
  toast,
  uniqueUsername,
  useApp,
  visibleText,
} from './support/harness.ts';

/**
 * The alerts on the screens: the alert bar on two nurses' screens, acknowledgement from one clearing
 * both, the record's alert history and observation schedule with a monitoring exception, a ward
 * display's sound, and an unacknowledged alert escalating to the ward manager's screen. The shortest
 * deadline a ward may set is a minute, so the alert that escalates is raised first and the other
 * journeys run while its minute passes.
 */
const app = useApp(EMPTY_WARD);

let admin: Page;
let nurseA: Page;
let nurseB: Page;
let manager: Page;
let nurseName: string;
/** Acknowledged by nurse A in the first journey. */
let acknowledged: Patient;
/** Left unacknowledged: escalates after the ward's one-minute deadline. */
let escalating: Patient;
let escalatingRaisedAt: number;

/** A nurse's observations (the ward's own: raises its alert at once) making NEWS2 14. */
const alertsOf = async (page: Page, patient: Patient) =>
  z.array(Alert).parse(await api(page, 'GET', `/api/alerts?state=all&patientId=${patient.id}`));

const bar = (page: Page) => page.getByRole('region', { name: /active alerts?$/ });
const barItem = (page: Page, patient: Patient) =>
  bar(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: patient.name, exact: true }) });

/** Counts the oscillators WebAudio makes (each pulse of a burst is one). */
async function countOscillators(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __oscillators: number };
    w.__oscillators = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__oscillators += 1;
      return original.call(this);
    };
  });
}
const oscillators = (page: Page) =>
  page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators);

async function newSignedIn(username: string) {
  const { page } = await app.newPage();
  await signIn(page, username);
  return page;
}

beforeAll(async () => {
  ({ page: admin } = await app.newPage());
  await signUp(admin, uniqueUsername('admin')); // the first account: the administrator
  // The shortest deadlines a ward may set, so the journey sees an escalation within a minute.
  await api(admin, 'PUT', '/api/alert-settings', {
    acknowledgeWithinMs: { high: 60_000, medium: 60_000, low: 60_000 },
    confirmDeviceAfterMs: 60_000,
  });
  // Raised first: its minute runs while the other journeys do.
  escalating = await admitPatient(admin, { name: 'Eve Escalated' });
  await recordSepticObservations(admin, escalating);
  escalatingRaisedAt = Date.now();
  ({ page: nurseA } = await app.newPage());
  nurseName = await signUp(nurseA);
  acknowledged = await admitPatient(nurseA, { name: 'Ada Acknowledged' });

  nurseB = await newSignedIn(nurseName);
  const { page } = await app.newPage();
  const managerName = uniqueUsername('manager');
  const registered = User.parse(
    await api(page, 'POST', '/api/register', { username: managerName, password: PASSWORD }),
  );
  await api(admin, 'PATCH', `/api/accounts/${registered.id}`, { role: 'ward_manager' });
  await page.context().close();
  manager = await newSignedIn(managerName);
  await countOscillators(manager);
});

describe('the alert bar', () => {
  it('shows a high alert on two nurses’ screens, and an acknowledgement on one clears both', async () => {
    await Promise.all([nurseA.goto('/'), nurseB.goto('/')]);
    // The alert raised before the screens opened is on both, not announced (the bar shows it).
    for (const page of [nurseA, nurseB]) await barItem(page, escalating).waitFor();

    await recordSepticObservations(nurseA, acknowledged);
    const posted = Date.now();
    const [alert] = (await alertsOf(nurseA, acknowledged)).filter((a) => a.state === 'active');
    expect(alert).toMatchObject({ priority: 'high', condition: 'news2-emergency', news2Total: 14 });
    const seenAfter = await Promise.all(
      [nurseA, nurseB].map(async (page) => {
        await barItem(page, acknowledged).waitFor({ timeout: 5000 });
        return Date.now() - posted;
      }),
    );
    // Within 1 s (the bench measures it over 1,000 events; a loaded CI machine gets 2 s here).
    for (const ms of seenAfter) expect(ms).toBeLessThan(2000);

    const item = barItem(nurseB, acknowledged);
    const itemText = await visibleText(item);
    expect(itemText).toContain('High priority');
    expect(itemText).toContain(alert!.message);
    expect(alert!.message).toMatch(/^NEWS2 14 · RR 26 ≥ 25 · SpO2 89 ≤ 91/);
    expect(itemText).toContain('Active');
    expect(itemText).toMatch(/Raised just now/);
    expect(await item.getAttribute('data-priority')).toBe('high');
    // The spec's "<level> Alert", once, as the announcement of the newly raised alert.
    await toast(
      nurseB,
      'CRITICAL Alert',
      `${acknowledged.name}: ${alert!.message}. Review the patient now.`,
    ).waitFor({
      state: 'attached',
    });
    // The card says when the next full set is due: every 15 minutes at NEWS2 ≥ 7.
    expect(await visibleText(card(nurseB, acknowledged.name).locator('[data-observations-due]'))).toMatch(
      // Minutes left rounded up (never "in 0 min"): 15, or 16 while the reading's time is a moment ahead.
      /^Obs due in 1[56] min$/,
    );
    await screenshot(nurseB, 'alert-bar-1440', { fullPage: false });
    await expectNoSeriousAxeViolations(nurseB);

    await barItem(nurseA, acknowledged)
      .getByRole('button', { name: /^Acknowledge/ })
      .click();
    const dialog = nurseA.getByRole('dialog', { name: 'Acknowledge alert' });
    await dialog.getByLabel('Note (optional)').fill('Sepsis six started, registrar called');
    await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    const acknowledgedAt = Date.now();
    await barItem(nurseB, acknowledged).waitFor({ state: 'detached', timeout: 5000 });
    expect(Date.now() - acknowledgedAt).toBeLessThan(2000);
    await barItem(nurseA, acknowledged).waitFor({ state: 'detached' });
    // The other alert stays until someone acknowledges it.
    expect(await barItem(nurseB, escalating).count()).toBe(1);
    const [after] = await alertsOf(nurseA, acknowledged);
    expect(after).toMatchObject({
      acknowledgedByName: nurseName,
      acknowledgeNote: 'Sepsis six started, registrar called',
    });

    // On a phone the bar is a button in the top bar, coloured by the highest priority, that opens it.
    await resizeTo(nurseB, { width: 375, height: 812 });
    const button = nurseB.getByRole('button', { name: '1 active alert' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await barItem(nurseB, escalating).waitFor();
    await screenshot(nurseB, 'alert-bar-375', { fullPage: false });
    await expectNoSeriousAxeViolations(nurseB);
    await nurseB.keyboard.press('Escape');
    await bar(nurseB).waitFor({ state: 'detached' });
    await resizeTo(nurseB, { width: 1440, height: 900 });
    expect(pageErrors(nurseA)).toEqual([]);
    expect(pageErrors(nurseB)).toEqual([]);
  });
});

describe('the record', () => {
  it('shows the patient’s alert history and the observation schedule, where a nurse records an exception', async () => {
    await openPatient(nurseB, acknowledged);
    const history = region(nurseB, 'Alert history');
    const entry = history.getByRole('listitem').first();
    await entry.waitFor();
    const entryText = await visibleText(entry);
    // Acknowledged while the score still stands: open until NEWS2 falls.
    expect(entryText).toContain('Acknowledged');
    expect(entryText).toContain(`by ${nurseName}`);
    expect(entryText).toContain('“Sepsis six started, registrar called”');
    expect(entryText).toMatch(/after (under a minute|\d+ min)/);

    const schedule = nurseB.locator('[data-observation-schedule]');
    expect(await visibleText(schedule.locator('[data-observations-due]'))).toMatch(/^Obs due in 1[45] min$/);
    await schedule.getByRole('button', { name: 'Record exception' }).click();
    const dialog = nurseB.getByRole('dialog', { name: 'Monitoring exception' });
    await dialog.getByLabel('Reason').selectOption('asleep');
    await dialog.getByLabel('Note').fill('Asleep after analgesia; family asked not to wake');
    await dialog.getByRole('button', { name: 'Record exception' }).click();
    await dialog.waitFor({ state: 'detached' });
    const exception = schedule.locator('[data-monitoring-exception]');
    await exception.waitFor();
    expect(await visibleText(exception)).toContain('Exception: Patient asleep');
    // The schedule waits for the review (four hours by default).
    expect(await visibleText(schedule.locator('[data-observations-due]'))).toMatch(
      /^Obs due in 4 h|^Obs due in 3 h 59 min/,
    );
    await exception.getByRole('button', { name: 'End exception' }).click();
    await exception.waitFor({ state: 'detached' });
    expect(await visibleText(schedule.locator('[data-observations-due]'))).toMatch(/^Obs due in 1[45] min$/);
  });
});

describe('a ward display', () => {
  it('sounds the high-priority pattern once sound is on, shows "Audio paused 2 min", and the ward figures', async () => {
    await manager.goto('/alerts');
    await manager.getByRole('heading', { level: 1, name: 'Alerts' }).waitFor();
    await barItem(manager, escalating).waitFor();
    expect(await oscillators(manager)).toBe(0);
    // The opt-in click is the user gesture that lets the page sound.
    await bar(manager).getByRole('button', { name: 'Sound on' }).click();
    await expect.poll(() => oscillators(manager), { timeout: 5000 }).toBeGreaterThanOrEqual(10);
    expect(await bar(manager).getByRole('button', { name: 'Sound on' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await bar(manager).getByRole('button', { name: 'Pause audio' }).click();
    await bar(manager).getByText('Audio paused 2 min').waitFor();
    // Both controls on the page say so (one state per browser).
    expect(await manager.locator('[data-audio-paused]').count()).toBe(2);
    expect(await manager.evaluate(() => localStorage.getItem('vigil.alert-sound'))).toBe('on');

    const figures = region(manager, 'Alarm fatigue');
    await figures.getByText('Alerts per patient-day').waitFor();
    expect(await visibleText(figures)).toMatch(/Acknowledged within deadline \d+ %/);
    // The ward manager may change the deadlines; they read as the journey set them.
    const settings = region(manager, 'Alert settings');
    expect(await settings.getByLabel('High priority: acknowledge within (min)').inputValue()).toBe('1');

    // The filters: past alerts of one patient.
    const alerts = region(manager, 'Ward alerts');
    await alerts.getByLabel('State').selectOption('all');
    await alerts.getByLabel('Patient').selectOption({ label: acknowledged.name });
    await expect
      .poll(async () => await alerts.getByRole('list', { name: 'Alerts' }).getByRole('listitem').count())
      .toBe(1);
  });
});

describe('escalation', () => {
  it('escalates the unacknowledged alert to the ward manager after the deadline, on her screen', async () => {
    const item = barItem(manager, escalating);
    await item
      .getByText('Escalated to ward manager')
      .waitFor({ timeout: Math.max(5000, escalatingRaisedAt + 75_000 - Date.now()) });
    const [alert] = (await alertsOf(manager, escalating)).filter((a) => a.state === 'active');
    expect(alert).toMatchObject({ escalationLevel: 1, escalatedTo: 'ward_manager', priority: 'high' });
    expect(Date.parse(alert!.escalatedAt!)).toBeGreaterThanOrEqual(Date.parse(alert!.raisedAt) + 60_000);
    // Announced on her screen, the role it went to; every nurse's screen says so in the bar only.
    await toast(manager, 'ESCALATED Alert', escalating.name).waitFor({ state: 'attached' });
    await barItem(nurseA, escalating).getByText('Escalated to ward manager').waitFor();
    expect(await toast(nurseA, 'ESCALATED Alert').count()).toBe(0);
    expect(pageErrors(manager)).toEqual([]);
  }, 90_000);
});
