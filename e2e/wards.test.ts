import { type Patient, User, Ward, WardLayout } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admitPatient, api, recordSepticObservations, signIn, signUp } from './support/fixtures.ts';
import {
  EMPTY_WARD,
  openInApp,
  PASSWORD,
  pageErrors,
  screenshot,
  uniqueUsername,
  useApp,
} from './support/harness.ts';

/**
 * A hospital of two wards (issue 43, decision 035): a nurse on each and an outreach nurse. A patient
 * on ward B deteriorates: ward B's nurse and outreach see the alert, ward A's nurse sees nothing.
 * Ward B's nurse transfers her to ward A from the record: she leaves ward B's board, dashboard and
 * alert bar and joins ward A's, live.
 */
const app = useApp(EMPTY_WARD);

let admin: Page;
let nurseA: Page;
let nurseB: Page;
let boardA: Page;
let boardB: Page;
let outreach: Page;
let wardB: Ward;
let bea: Patient;
let cal: Patient;

const bed = (page: Page, label: string) => page.locator(`[data-bed="${label}"]`);
const alertItems = (page: Page) => page.locator('[data-alert-bar] [data-alert-id]');

/** A new account of `role` on `wardIds`, signed in on its own page (a browser context of its own). */
async function staff(role: 'nurse' | 'outreach', wardIds: number[]): Promise<Page> {
  const { page: registering } = await app.newPage();
  const username = uniqueUsername(role);
  const user = User.parse(await api(registering, 'POST', '/api/register', { username, password: PASSWORD }));
  await registering.context().close();
  if (role !== 'nurse') await api(admin, 'PATCH', `/api/accounts/${user.id}`, { role });
  await api(admin, 'PUT', `/api/accounts/${user.id}/wards`, { wardIds });
  const { page } = await app.newPage();
  await signIn(page, username);
  return page;
}

beforeAll(async () => {
  ({ page: admin } = await app.newPage());
  await signUp(admin, uniqueUsername('admin')); // the first account: the administrator, hospital-wide
  wardB = Ward.parse(await api(admin, 'POST', '/api/wards', { name: 'Ward B', code: 'WB' }));
  for (const [ward, labels] of [
    [1, ['A1', 'A2']],
    [wardB.id, ['B1', 'B2']],
  ] as const)
    WardLayout.parse(
      await api(admin, 'PUT', `/api/ward/layout?ward=${ward}`, {
        bays: [{ name: 'Bay 1', beds: labels.map((label) => ({ label })) }],
      }),
    );
  nurseA = await staff('nurse', [1]);
  nurseB = await staff('nurse', [wardB.id]);
  outreach = await staff('outreach', []);
  boardA = await nurseA.context().newPage();
  boardB = await nurseB.context().newPage();

  // Ward B's own nurse admits without naming a ward: her only ward.
  bea = await admitPatient(nurseB, { name: 'Bea Wardbee' });
  expect(bea.wardId).toBe(wardB.id);
  const layoutB = WardLayout.parse(await api(nurseB, 'GET', `/api/ward/layout?ward=${wardB.id}`));
  const b1 = layoutB.bays[0]!.beds.find((b) => b.label === 'B1')!;
  await api(nurseB, 'PUT', `/api/patients/${bea.id}/bed`, { bedId: b1.id });
});

describe('a hospital of two wards', () => {
  it('asks someone who works on several wards which ward an admission goes to', async () => {
    await admin.goto('/');
    await admin.getByRole('button', { name: 'Admit patient' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Admit patient' });
    const ward = dialog.getByRole('combobox', { name: 'Ward' });
    await ward.waitFor();
    await dialog.getByLabel('Name').fill('Cal Wardbee');
    await dialog.getByLabel('Condition').selectOption('Stable');
    await dialog.getByLabel('SpO2 (%)').fill('97');
    await dialog.getByLabel('Pulse (bpm)').fill('76');
    await dialog.getByLabel('Temperature (°C)').fill('36.9');
    await dialog.getByLabel('Systolic BP (mmHg)').fill('124');
    await dialog.getByLabel('Diastolic BP (mmHg)').fill('78');
    // Not yet named: the form says so before sending anything.
    await dialog.getByRole('button', { name: 'Admit patient' }).click();
    await dialog.getByText('Choose the ward to admit to').waitFor();
    await ward.selectOption({ label: 'Ward B (WB)' });
    await dialog.getByRole('button', { name: 'Admit patient' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = (await api(nurseB, 'GET', '/api/patients')) as Patient[];
    cal = list.find((p) => p.name === 'Cal Wardbee')!;
    expect(cal).toMatchObject({ wardId: wardB.id });
    // Not on ward A's list.
    const onA = (await api(nurseA, 'GET', '/api/patients')) as Patient[];
    expect(onA.map((p) => p.name)).not.toContain('Cal Wardbee');
  });

  it("shows ward B's deteriorating patient to ward B's nurse and outreach, not to ward A's nurse", async () => {
    await nurseA.goto('/');
    await nurseB.goto('/');
    await outreach.goto('/');
    // The outreach nurse's sidebar has the Outreach list; a ward nurse's has not.
    await outreach.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outreach' }).click();
    await outreach.getByRole('heading', { level: 1, name: 'Outreach: patients at risk' }).waitFor();
    await outreach.getByText('No patient on any ward is at risk now.').waitFor();
    expect(
      await nurseA.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outreach' }).count(),
    ).toBe(0);

    await recordSepticObservations(nurseB, bea); // NEWS2 14: an emergency

    // Ward B's nurse: the alert bar names her, live.
    await expect.poll(() => alertItems(nurseB).count()).toBe(1);
    expect(await alertItems(nurseB).first().textContent()).toContain(bea.name);
    // Outreach: the list has her, by ward and bed, with the open alert, live.
    const row = outreach.getByRole('row', { name: new RegExp(bea.name) });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Ward B');
    expect(text).toContain('B1');
    expect(text).toContain('NEWS2 7 or more');
    expect(text).toContain('NEWS2 emergency (7 or more)');
    expect(text).toMatch(/Not acknowledged · raised (just now|\d+ min ago)/);
    await expect.poll(() => alertItems(outreach).count()).toBe(1);
    await screenshot(outreach, 'outreach-list');

    // Ward A's nurse: nothing, neither in her alert bar nor on her dashboard.
    await nurseA.getByText('No patients yet').or(nurseA.getByRole('status')).first().waitFor();
    expect(await alertItems(nurseA).count()).toBe(0);
    expect(await nurseA.getByText(bea.name).count()).toBe(0);
    // Her record is not found for ward A's nurse (404: no confirmation that she exists).
    const refused = await nurseA.evaluate(async (id) => (await fetch(`/api/patients/${id}`)).status, bea.id);
    expect(refused).toBe(404);
  });

  it("moves a transferred patient, with her alert, from ward B's screens to ward A's, live", async () => {
    await boardA.goto('/ward');
    await boardB.goto('/ward');
    await bed(boardB, 'B1').getByRole('link', { name: bea.name }).waitFor();
    await boardA.getByRole('heading', { level: 1, name: 'Ward board' }).waitFor();
    expect(await boardA.getByText(bea.name).count()).toBe(0);

    await openInApp(nurseB, `/patient/${bea.id}`);
    await nurseB.getByRole('heading', { level: 1, name: bea.name }).waitFor();
    await nurseB.getByRole('button', { name: 'Transfer' }).click();
    const dialog = nurseB.getByRole('dialog', { name: 'Transfer to another ward' });
    await dialog.getByRole('combobox', { name: 'Ward' }).selectOption({ label: 'Ward 1 (W1)' });
    // Ward B's nurse does not work on ward 1: she cannot see its beds, so its nurses give one.
    await dialog.getByText('You do not work on this ward: its nurses give her a bed.').waitFor();
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    // She is no longer ward B's nurse's to read: the record gives way to the dashboard.
    await nurseB.waitForURL((url) => url.pathname === '/');

    // Ward B: gone from the board, the dashboard and the alert bar.
    await bed(boardB, 'B1').getByText('Free').waitFor();
    await expect.poll(() => alertItems(nurseB).count()).toBe(0);
    // (Her name may stay a moment in the toast, "Patient transferred: … to Ward 1"; no card or link.)
    await expect.poll(() => nurseB.getByRole('link', { name: new RegExp(bea.name) }).count()).toBe(0);
    // Ward A: on the board (without a bed yet), the dashboard and the alert bar.
    await boardA.getByRole('heading', { name: 'Without a bed' }).waitFor();
    await boardA.getByRole('link', { name: bea.name }).first().waitFor();
    await nurseA
      .getByRole('link', { name: new RegExp(bea.name) })
      .first()
      .waitFor();
    await expect.poll(() => alertItems(nurseA).count()).toBe(1);
    expect(await alertItems(nurseA).first().textContent()).toContain(bea.name);
    // Outreach follows her to ward A.
    await expect
      .poll(async () => (await outreach.getByRole('row', { name: new RegExp(bea.name) }).textContent()) ?? '')
      .toContain('Ward 1');
    await screenshot(boardA, 'ward-a-after-transfer');

    for (const page of [nurseA, nurseB, boardA, boardB, outreach]) expect(pageErrors(page)).toEqual([]);
  });

  it('gives a person of several wards a ward picker on the board, and one of one ward none', async () => {
    // The administrator sees every ward: the board shows her first, and she picks ward B.
    await admin.goto('/ward');
    const picker = admin.getByRole('combobox', { name: 'Ward', exact: true });
    expect(await picker.inputValue()).toBe('1');
    await admin.getByRole('link', { name: bea.name }).first().waitFor();
    await picker.selectOption({ label: 'Ward B (WB)' });
    await admin.waitForURL((url) => url.searchParams.get('ward') === String(wardB.id));
    // Ward B's board: its beds, Cal (without a bed), not ward 1's Bea.
    await bed(admin, 'B1').waitFor();
    await admin.getByRole('link', { name: cal.name }).first().waitFor();
    expect(await bed(admin, 'A1').count()).toBe(0);
    // The alerts and the handover pick a ward the same way.
    await openInApp(admin, `/handover?ward=${wardB.id}`);
    expect(await admin.getByRole('combobox', { name: 'Ward', exact: true }).inputValue()).toBe(
      String(wardB.id),
    );
    await openInApp(admin, '/alerts');
    await admin.getByRole('combobox', { name: 'Ward', exact: true }).selectOption({ label: 'Ward B (WB)' });
    await admin.getByRole('heading', { name: 'Alert settings: Ward B (WB)' }).waitFor();

    // Ward A's nurse works on one ward: her board has no picker, once it knows her wards.
    const mine = nurseA.waitForResponse((res) => new URL(res.url()).pathname === '/api/account/wards');
    await nurseA.goto('/ward');
    await mine;
    await nurseA.getByRole('heading', { level: 1, name: 'Ward board' }).waitFor();
    await bed(nurseA, 'A1').waitFor();
    expect(await nurseA.getByRole('combobox', { name: 'Ward', exact: true }).count()).toBe(0);
  });

  it("lists who works on which ward for the administrator, and sets a person's wards", async () => {
    await openInApp(admin, '/admin');
    const table = admin.getByTestId('ward-members');
    const rowB = table.getByRole('row', { name: /Ward B \(WB\)/ });
    await rowB.waitFor();
    const nurseBName = ((await api(nurseB, 'GET', '/api/user')) as { username: string }).username;
    expect(await rowB.textContent()).toContain(`${nurseBName} (Nurse)`);
    // Ward A's nurse joins ward B too.
    const nurseAName = ((await api(nurseA, 'GET', '/api/user')) as { username: string }).username;
    const form = admin.getByRole('form', { name: 'Wards of a person' });
    await form.getByLabel('Person').selectOption({ label: `${nurseAName} (Nurse)` });
    await form.getByRole('checkbox', { name: 'Ward B (WB)' }).click();
    await form.getByRole('button', { name: 'Save wards' }).click();
    await expect.poll(async () => (await rowB.textContent()) ?? '').toContain(nurseAName);
    // Her board, open since before the change, now has a picker of her two wards.
    await openInApp(nurseA, '/ward');
    const picker = nurseA.getByRole('combobox', { name: 'Ward', exact: true });
    await picker.waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual(['Ward 1 (W1)', 'Ward B (WB)']);
    for (const page of [admin, nurseA]) expect(pageErrors(page)).toEqual([]);
  });
});
