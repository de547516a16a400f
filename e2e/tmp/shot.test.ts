import { celsiusToTenthsF } from '@vigil/domain';
import { it } from 'vitest';
import { admitPatient, signUp } from '../support/fixtures.ts';
import { EMPTY_WARD, screenshot, useApp } from '../support/harness.ts';

const app = useApp(EMPTY_WARD);
it('shots', async () => {
  const { context, page } = await app.newPage({ width: 375, height: 667 });
  await signUp(page);
  await admitPatient(page, {
    name: 'First On The Ward', condition: 'Critical', respiratoryRate: 24, oxygenLevel: 88, onSupplementalOxygen: true,
    spo2Scale: 1, systolicBP: 188, diastolicBP: 112, pulse: 142, consciousness: 'A', temperature: celsiusToTenthsF(38.6),
  });
  await page.goto('/');
  await page.getByRole('list', { name: 'Patients' }).getByRole('listitem').first().locator('dl').waitFor();
  await screenshot(page, 'dash-375', { fullPage: false });
  await screenshot(page, 'dash-375-full');
  await context.close();
});
