import { type Patient, User, WardLayout } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admitPatient, api, signIn, signUp } from './support/fixtures.ts';
import {
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  PASSWORD,
  pageErrors,
  screenshot,
  uniqueUsername,
  useApp,
} from './support/harness.ts';

/**
 * The ward board: the nurse in charge assigns a patient to a nurse, and the board on that
 * nurse's screen shows it at once (live); "My patients" keeps her own; free beds show as free.
 */
const app = useApp(EMPTY_WARD);

let charge: Page;
let nurse: Page;
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
    await nurse.getByRole('checkbox', { name: 'Large type' }).click();
    await nurse.reload();
    // Remembered on this screen: a wall display stays in large type.
    expect(await nurse.getByRole('checkbox', { name: 'Large type' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(pageErrors(nurse)).toEqual([]);
    expect(pageErrors(charge)).toEqual([]);
  });

  it('has no serious or critical axe violations from 375 to 1440 px', async () => {
    await charge.goto('/ward');
    await bed(charge, 'A1').waitFor();
    for (const width of [375, 768, 1024, 1440]) {
      await charge.setViewportSize({ width, height: 900 });
      await charge.getByRole('heading', { name: 'Assign nurses' }).waitFor();
      await expectNoSeriousAxeViolations(charge);
    }
  });
});
