import { displayPatientId } from '@vigil/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitPatient, api, signUp } from './support/fixtures.ts';
import {
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  openPatient,
  PASSWORD,
  pageErrors,
  screenshot,
  uniqueUsername,
  useApp,
  visibleText,
} from './support/harness.ts';

/** The one date format of the app: "25 Nov 2026, 16:24", 24-hour. */
const DATE_TIME = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/;

/**
 * Roles and the audit trail (decision 013), with registration by approval: an administrator approves a
 * nurse who registered on the sign-in page; the nurse signs in and opens a patient's record; an
 * auditor sees that opening in the record's "who has seen this record" view.
 */
const app = useApp({ ...EMPTY_WARD, REGISTRATION: 'approval' });
const contexts: BrowserContext[] = [];
let admin: Page;

async function newPage() {
  const { context, page } = await app.newPage();
  // The administrator copies a temporary password to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  contexts.push(context);
  return page;
}

/** An API call in the page's browser context (its cookies, our Origin). */
async function signInThroughUi(page: Page, username: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  admin = await newPage();
  await signUp(admin, uniqueUsername('admin')); // the first account: the administrator
});

afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('roles and the audit trail', () => {
  it('approves a nurse, who opens a record that the auditor then sees was opened', async () => {
    const patient = await admitPatient(admin, { name: 'Audit Journey Patient' });

    // An auditor account, approved and given its role by the administrator through the API.
    const auditorName = uniqueUsername('auditor');
    const auditor = await newPage();
    expect(
      await api(auditor, 'POST', '/api/register', { username: auditorName, password: PASSWORD }),
    ).toMatchObject({
      status: 'pending',
    });

    // The nurse registers on the sign-in page, which says the account waits for approval.
    const nurseName = uniqueUsername('nurse');
    const nurse = await newPage();
    await nurse.goto('/auth');
    await nurse.getByRole('tab', { name: 'Register' }).click();
    await nurse.getByText('pending approval by an administrator before you can sign in').waitFor();
    await nurse.getByLabel('Choose username').fill(nurseName);
    await nurse.getByLabel('Choose password', { exact: true }).fill(PASSWORD);
    await nurse.getByRole('button', { name: 'Create account' }).click();
    await nurse.getByRole('status').getByText('pending approval by an administrator').waitFor();
    // Not yet: signing in is refused while pending.
    await signInThroughUi(nurse, nurseName);
    await nurse.getByText('Your account is pending approval by an administrator.').first().waitFor();

    // The administrator approves the nurse on the administration page, reached from the sidebar.
    await admin.goto('/');
    await admin
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Administration' })
      .click();
    await admin.getByRole('heading', { name: 'Administration' }).waitFor();
    await admin.getByRole('button', { name: `Approve ${nurseName}` }).click();
    await admin.getByRole('button', { name: `Approve ${nurseName}` }).waitFor({ state: 'detached' });
    const auditorRow = admin.getByRole('row').filter({ hasText: auditorName });
    const roleSelect = auditorRow.getByRole('combobox', { name: `Role of ${auditorName}` });
    // A role change is asked first, saying what it does; cancelled, nothing changes.
    await roleSelect.selectOption('auditor');
    const roleDialog = admin.getByRole('dialog', { name: `Change ${auditorName}'s role to Auditor?` });
    await roleDialog.waitFor();
    expect(await visibleText(roleDialog)).toContain(
      `${auditorName} becomes Auditor instead of Nurse now, on every device where they are signed in.`,
    );
    expect(await visibleText(roleDialog)).toContain(
      'will no longer be able to: open the ward and patient records',
    );
    await expectNoSeriousAxeViolations(admin);
    await roleDialog.getByRole('button', { name: 'Cancel' }).click();
    await roleDialog.waitFor({ state: 'detached' });
    expect(await roleSelect.inputValue()).toBe('nurse');
    expect(
      ((await api(admin, 'GET', '/api/accounts')) as { username: string }[]).find(
        (a) => a.username === auditorName,
      ),
    ).toMatchObject({ role: 'nurse' });
    await roleSelect.selectOption('auditor');
    await roleDialog.getByRole('button', { name: `Make ${auditorName} Auditor` }).click();
    await admin.getByText(`${auditorName}: Auditor`).first().waitFor();
    await roleDialog.waitFor({ state: 'detached' });
    expect(await roleSelect.inputValue()).toBe('auditor');
    await auditorRow.getByRole('button', { name: `Approve ${auditorName}` }).click();
    await auditorRow.getByRole('button', { name: `Approve ${auditorName}` }).waitFor({ state: 'detached' });
    await screenshot(admin, 'roles-admin-approved');
    const adminRow = admin.getByRole('row').filter({ has: admin.getByText('(you)') });
    expect(await visibleText(adminRow.getByRole('cell').nth(3))).toMatch(DATE_TIME);
    await expectNoSeriousAxeViolations(admin);

    // The nurse signs in and opens the patient's record.
    await signInThroughUi(nurse, nurseName);
    await nurse.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();
    await openPatient(nurse, patient);
    // A nurse sees neither the administration nor the audit trail.
    const nurseNav = nurse.getByRole('navigation', { name: 'Main' });
    expect(await nurseNav.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await nurseNav.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
    // Opened anyway (a bookmark, a shared link): the page says why not, and leads back.
    await nurse.goto('/audit');
    await nurse.getByRole('heading', { name: 'Not open to your role' }).waitFor();
    await nurse.getByText('Your role, Nurse, cannot open the audit trail.').waitFor();
    expect(new URL(nurse.url()).pathname).toBe('/audit');
    await expectNoSeriousAxeViolations(nurse);
    await nurse.goto('/admin');
    await nurse.getByText('Your role, Nurse, cannot open account administration.').waitFor();
    await nurse.getByRole('link', { name: 'Back to Patient Dashboard' }).click();
    await nurse.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();

    // The auditor signs in, lands on the audit trail, and finds the record's access log.
    await signInThroughUi(auditor, auditorName);
    await auditor.getByRole('heading', { name: 'Audit trail' }).waitFor();
    const auditorNav = auditor.getByRole('navigation', { name: 'Main' });
    expect(await auditorNav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    // Dates in the one 24-hour format ("25 Nov 2026, 16:24"), not the browser's "11/25/2026, 4:29:43 PM".
    const firstWhen = auditor.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
    expect(await visibleText(firstWhen)).toMatch(DATE_TIME);
    await auditor.goto('/');
    await auditor.getByText('Your role, Auditor, cannot open the patient dashboard.').waitFor();
    await auditor.getByRole('link', { name: 'Go to the audit trail' }).click();
    await auditor.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await auditor.getByLabel('Patient ID').fill(String(displayPatientId(patient.id)));
    await auditor.getByRole('button', { name: 'Apply' }).click();
    await auditor
      .getByRole('link', { name: `Who has seen patient ${displayPatientId(patient.id)}'s record` })
      .click();
    await auditor.getByRole('heading', { name: 'Who has seen this record' }).waitFor();
    const opening = auditor.getByRole('row').filter({ hasText: nurseName });
    await opening.first().waitFor();
    expect(await opening.first().innerText()).toMatch(/Opened/);
    // Signed in with no patient access, the auditor's screen opens no live-event stream.
    expect(await auditor.locator('[data-live-banner]').count()).toBe(0);
    expect(await auditor.locator('[data-live-status]').count()).toBe(0);
    await screenshot(auditor, 'roles-who-has-seen-this-record');
    await expectNoSeriousAxeViolations(auditor);

    // The auditor verifies the chain from the audit page.
    await auditorNav.getByRole('link', { name: 'Audit trail' }).click();
    await auditor.getByRole('button', { name: 'Verify chain' }).click();
    await auditor.getByText(/The chain is intact: \d+ rows checked\./).waitFor();
    await expectNoSeriousAxeViolations(auditor);

    for (const page of [admin, nurse, auditor]) expect(pageErrors(page)).toEqual([]);
  });

  it('resets a password: the nurse must choose a new one at the next sign-in', async () => {
    const nurseName = uniqueUsername('reset');
    const nurse = await newPage();
    await api(nurse, 'POST', '/api/register', { username: nurseName, password: PASSWORD });
    await admin.goto('/admin');
    const row = admin.getByRole('row').filter({ hasText: nurseName });
    await row.getByRole('button', { name: `Approve ${nurseName}` }).click();
    await row.getByRole('button', { name: `Approve ${nurseName}` }).waitFor({ state: 'detached' });
    // The reset is asked first: it signs the nurse out everywhere at once.
    await row.getByRole('button', { name: 'Reset password' }).click();
    const dialog = admin.getByRole('dialog', { name: `Reset ${nurseName}'s password?` });
    expect(await visibleText(dialog)).toContain(`This signs ${nurseName} out on every device now`);
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await screenshot(admin, 'admin-reset-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: `Reset and sign ${nurseName} out` }).click();
    // Then the temporary password, once: hidden until revealed, and copyable.
    const shownOnce = admin.getByRole('dialog', { name: `${nurseName} is signed out` });
    const password = shownOnce.locator('[data-temporary-password]');
    await password.waitFor();
    expect(await password.getAttribute('data-temporary-password')).toBe('hidden');
    expect(await visibleText(password)).toMatch(/^•{16}/);
    await screenshot(admin, 'admin-reset-dialog', { fullPage: false });
    await expectNoSeriousAxeViolations(admin);
    await shownOnce.getByRole('button', { name: 'Copy' }).click();
    await shownOnce.getByText('Copied to the clipboard.').waitFor();
    const copied = await admin.evaluate(() => navigator.clipboard.readText());
    await shownOnce.getByRole('button', { name: 'Reveal' }).click();
    const shown = await password.locator('code').innerText();
    expect(shown).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(copied).toBe(shown);
    await screenshot(admin, 'admin-reset-dialog-revealed', { fullPage: false });
    await shownOnce.getByRole('button', { name: 'Done' }).click();
    await shownOnce.waitFor({ state: 'detached' });
    // Shown once: opening the dialog again asks again, it does not show the password.
    await row.getByRole('button', { name: 'Reset password' }).click();
    await dialog.waitFor();
    expect(await dialog.locator('[data-temporary-password]').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await nurse.goto('/auth');
    await nurse.getByLabel('Username').fill(nurseName);
    await nurse.getByLabel('Password', { exact: true }).fill(shown);
    await nurse.getByRole('button', { name: 'Sign in' }).click();
    await nurse.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectNoSeriousAxeViolations(nurse);
    await nurse.getByLabel('Temporary password').fill(shown);
    await nurse.getByLabel('New password').fill('a fresh password 42');
    await nurse.getByRole('button', { name: 'Change password' }).click();
    await nurse.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();

    // The account page: sign out everywhere else keeps this session.
    await nurse.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await nurse.getByRole('heading', { name: 'Your account' }).waitFor();
    await nurse.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await nurse.getByText('Your other sessions have ended.').waitFor();
    await expectNoSeriousAxeViolations(nurse);
    expect(pageErrors(nurse)).toEqual([]);
  });
});
