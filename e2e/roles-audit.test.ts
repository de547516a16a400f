import { displayPatientId } from '@vigil/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitPatient, signUp } from './support/fixtures.ts';
import {
  appUrlOf,
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  openPatient,
  PASSWORD,
  pageErrors,
  screenshot,
  uniqueUsername,
  useApp,
} from './support/harness.ts';

/**
 * Roles and the audit trail (issue 15), with registration by approval: an administrator approves a
 * nurse who registered on the sign-in page; the nurse signs in and opens a patient's record; an
 * auditor sees that opening in the record's "who has seen this record" view.
 */
const app = useApp({ ...EMPTY_WARD, REGISTRATION: 'approval' });
const contexts: BrowserContext[] = [];
let admin: Page;

async function newPage() {
  const { context, page } = await app.newPage();
  contexts.push(context);
  return page;
}

/** A state-changing API call in the page's browser context (its cookies, our Origin). */
async function api(page: Page, method: 'POST' | 'PATCH', path: string, data: unknown) {
  const res = await page.request.fetch(path, {
    method,
    headers: { Origin: appUrlOf(page), 'Content-Type': 'application/json' },
    data,
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

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
    await auditorRow.getByRole('combobox', { name: `Role of ${auditorName}` }).selectOption('auditor');
    await admin.getByText(`${auditorName}: Auditor`).first().waitFor();
    await auditorRow.getByRole('button', { name: `Approve ${auditorName}` }).click();
    await auditorRow.getByRole('button', { name: `Approve ${auditorName}` }).waitFor({ state: 'detached' });
    await screenshot(admin, 'roles-admin-approved');
    await expectNoSeriousAxeViolations(admin);

    // The nurse signs in and opens the patient's record.
    await signInThroughUi(nurse, nurseName);
    await nurse.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();
    await openPatient(nurse, patient);
    // A nurse sees neither the administration nor the audit trail.
    const nurseNav = nurse.getByRole('navigation', { name: 'Main' });
    expect(await nurseNav.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    expect(await nurseNav.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);

    // The auditor signs in, lands on the audit trail, and finds the record's access log.
    await signInThroughUi(auditor, auditorName);
    await auditor.getByRole('heading', { name: 'Audit trail' }).waitFor();
    const auditorNav = auditor.getByRole('navigation', { name: 'Main' });
    expect(await auditorNav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
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
    expect(await auditor.getByText('Live updates paused').count()).toBe(0);
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
    await row.getByRole('button', { name: 'Reset password' }).click();
    const shown = await row.getByRole('status').locator('code').innerText();
    expect(shown).toMatch(/^[A-Za-z0-9]{16}$/);

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
