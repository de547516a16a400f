import { type Patient, User, WardBoard, WardLayout, WardSettings } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admitPatient, api, recordSepticObservations, signIn, signUp } from './support/fixtures.ts';
import {
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  openInApp,
  PASSWORD,
  pageErrors,
  resizeTo,
  screenshot,
  uniqueUsername,
  useApp,
} from './support/harness.ts';

/**
 * The ward board: the nurse in charge assigns a patient to a nurse, and the board on that
 * nurse's screen shows it at once (live); "My patients" keeps her own; free beds show as free.
 * A ward manager lays out the beds, sets the shift times, moves and discharges patients, each
 * change on the nurse's board at once.
 */
const app = useApp(EMPTY_WARD);

let charge: Page;
let nurse: Page;
let manager: Page;
let nurseName: string;
let ada: Patient;
let bob: Patient;

const bed = (page: Page, label: string) => page.locator(`[data-bed="${label}"]`);

beforeAll(async () => {
  ({ page: charge } = await app.newPage());
  await signUp(charge, uniqueUsername('charge')); // the first account: the administrator, in charge
  const { page } = await app.newPage();
  nurseName = uniqueUsername('nurse');
  User.parse(await api(page, 'POST', '/api/register', { username: nurseName, password: PASSWORD }));
  await page.context().close();
  ({ page: nurse } = await app.newPage());
  await signIn(nurse, nurseName);
  const { page: registering } = await app.newPage();
  const managerName = uniqueUsername('manager');
  const registered = User.parse(
    await api(registering, 'POST', '/api/register', { username: managerName, password: PASSWORD }),
  );
  await registering.context().close();
  await api(charge, 'PATCH', `/api/accounts/${registered.id}`, { role: 'ward_manager' });
  ({ page: manager } = await app.newPage());
  await signIn(manager, managerName);

  ada = await admitPatient(charge, { name: 'Ada Bedded' });
  bob = await admitPatient(charge, { name: 'Bob Bedded' });
  const layout = WardLayout.parse(
    await api(charge, 'PUT', '/api/ward/layout', {
      bays: [{ name: 'Bay A', beds: [{ label: 'A1' }, { label: 'A2' }, { label: 'A3' }] }],
    }),
  );
  const beds = layout.bays[0]?.beds ?? [];
  await api(charge, 'PUT', `/api/patients/${ada.id}/bed`, { bedId: beds[0]?.id });
  await api(charge, 'PUT', `/api/patients/${bob.id}/bed`, { bedId: beds[1]?.id });
});

describe('the ward board', () => {
  it('shows an assignment made by the nurse in charge live on another nurse’s board', async () => {
    await nurse.goto('/');
    await nurse.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ward board' }).click();
    await nurse.getByRole('heading', { level: 1, name: 'Ward board' }).waitFor();
    await bed(nurse, 'A1').getByRole('link', { name: ada.name }).waitFor();
    await bed(nurse, 'A3').getByText('Free').waitFor();
    await expect.poll(() => bed(nurse, 'A1').getByText('No nurse assigned').isVisible()).toBe(true);
    // The nurse (no ward:assign) has no assignment panel.
    expect(await nurse.getByRole('heading', { name: 'Assign nurses' }).count()).toBe(0);

    await charge.goto('/ward');
    await charge.getByRole('heading', { name: 'Assign nurses' }).waitFor();
    const select = charge.getByRole('combobox', { name: ada.name, exact: true });
    await select.selectOption({ label: `${nurseName} (nurse)` });
    await bed(charge, 'A1').getByText(`Nurse: ${nurseName}`).waitFor();

    // The nurse's board follows without a reload (the ward-changed event).
    await bed(nurse, 'A1').getByText(`Nurse: ${nurseName}`).waitFor();
    await screenshot(nurse, 'ward-board');

    await nurse.getByRole('checkbox', { name: 'My patients' }).click();
    await expect.poll(() => nurse.locator('[data-bed]').count()).toBe(1);
    await bed(nurse, 'A1').waitFor();
    await nurse.getByRole('checkbox', { name: 'My patients' }).click();

    // Her own patients' alerts come first: Bob's emergency is older, yet Ada's (hers) leads.
    await recordSepticObservations(charge, bob);
    await recordSepticObservations(charge, ada);
    const items = nurse.locator('[data-alert-bar] [data-alert-id]');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().textContent()).toContain(ada.name);
    expect(await items.first().locator('[data-alert-mine]').textContent()).toBe('Your patient');
    expect(await items.nth(1).locator('[data-alert-mine]').count()).toBe(0);

    // The ward manager names her nurse in charge of this shift: her open screen gets the
    // assignment panel at once (the grant reaches her session and stream), and the board says so.
    await manager.goto('/ward');
    await manager
      .getByRole('group', { name: 'Nurse in charge' })
      .getByRole('combobox', { name: /This shift/ })
      .selectOption({ label: `${nurseName} (nurse)` });
    await nurse.getByRole('heading', { name: 'Assign nurses' }).waitFor();
    await nurse.getByTestId('nurse-in-charge').getByText(`Nurse in charge: ${nurseName}`).waitFor();
    await manager
      .getByRole('group', { name: 'Nurse in charge' })
      .getByRole('combobox', { name: /This shift/ })
      .selectOption({ label: 'Not named' });
    await nurse.getByRole('heading', { name: 'Assign nurses' }).waitFor({ state: 'detached' });

    await nurse.getByRole('checkbox', { name: 'Large type' }).click();
    await nurse.reload();
    // Remembered on this screen: a wall display stays in large type.
    expect(await nurse.getByRole('checkbox', { name: 'Large type' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(pageErrors(nurse)).toEqual([]);
    expect(pageErrors(charge)).toEqual([]);
  });

  it('lets a ward manager edit the layout and shift times, move and discharge, live on another screen', async () => {
    await openInApp(nurse, '/ward');
    await bed(nurse, 'A1').getByRole('link', { name: ada.name }).waitFor();
    await openInApp(manager, '/ward');

    await manager.getByRole('button', { name: 'Edit layout' }).click();
    const layout = manager.getByRole('dialog', { name: 'Edit ward layout' });
    await layout.getByRole('button', { name: 'Add bed to Bay A' }).click();
    expect(await layout.getByLabel('Label of bed 4 in Bay A').inputValue()).toBe('A4');
    await layout.getByLabel('Bay name').fill('Bay North');
    await expectNoSeriousAxeViolations(manager);
    await screenshot(manager, 'ward-layout-editor', { fullPage: false });
    await layout.getByRole('button', { name: 'Save layout' }).click();
    await layout.waitFor({ state: 'detached' });
    // The nurse's board follows: the bay renamed (its beds and patients kept), the new bed free.
    await nurse.getByRole('heading', { level: 2, name: 'Bay North' }).waitFor();
    await bed(nurse, 'A4').getByText('Free').waitFor();
    await bed(nurse, 'A1').getByRole('link', { name: ada.name }).waitFor();

    await manager.getByRole('button', { name: 'Shift times' }).click();
    const shifts = manager.getByRole('dialog', { name: 'Shift times' });
    await shifts.getByRole('group', { name: 'Shift 1' }).getByLabel('Starts').fill('08:00');
    await shifts.getByRole('button', { name: 'Save shift times' }).click();
    // A gap is refused, in the server's words.
    await shifts
      .getByRole('alert')
      .getByText('Night ends at 07:30 but Day starts at 08:00', { exact: false })
      .waitFor();
    await shifts.getByRole('group', { name: 'Shift 2' }).getByLabel('Ends').fill('08:00');
    await shifts.getByRole('button', { name: 'Save shift times' }).click();
    await shifts.waitFor({ state: 'detached' });
    const settings = WardSettings.parse(await api(manager, 'GET', '/api/ward/settings'));
    expect(settings.shifts).toEqual([
      { name: 'Day', start: '08:00', end: '19:30' },
      { name: 'Night', start: '19:30', end: '08:00' },
    ]);
    // The nurse's board names the shift with its new times (as this machine's clock shows them).
    const { shift } = WardBoard.parse(await api(manager, 'GET', '/api/ward/board'));
    const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    await nurse
      .getByText(
        `${shift.name} shift, ${clock.format(new Date(shift.startsAt))} to ${clock.format(new Date(shift.endsAt))}`,
      )
      .waitFor();

    await bed(manager, 'A1')
      .getByRole('button', { name: `Move ${ada.name} to…` })
      .click();
    const move = manager.getByRole('dialog', { name: `Move ${ada.name}` });
    await move.getByLabel('Bed').selectOption({ label: 'A3 (Bay North)' });
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await bed(nurse, 'A3').getByRole('link', { name: ada.name }).waitFor();
    await bed(nurse, 'A1').getByText('Free').waitFor();

    await bed(manager, 'A2')
      .getByRole('button', { name: `Discharge ${bob.name}` })
      .click();
    const discharge = manager.getByRole('dialog', { name: `Discharge ${bob.name}?` });
    await discharge.getByRole('button', { name: `Discharge ${bob.name}` }).click();
    await bed(nurse, 'A2').getByText('Free').waitFor();
    expect(await nurse.getByRole('link', { name: bob.name }).count()).toBe(0);
    expect(pageErrors(nurse)).toEqual([]);
    expect(pageErrors(manager)).toEqual([]);
  });

  it('has no serious or critical axe violations from 375 to 1440 px', async () => {
    await openInApp(charge, '/ward');
    await bed(charge, 'A1').waitFor();
    for (const width of [375, 768, 1024, 1440]) {
      await resizeTo(charge, { width, height: 900 });
      await charge.getByRole('heading', { name: 'Assign nurses' }).waitFor();
      await expectNoSeriousAxeViolations(charge);
    }
  });
});
