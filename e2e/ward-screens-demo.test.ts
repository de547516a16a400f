import { describe, expect, it } from 'vitest';
import { listPatients, signUp } from './support/fixtures.ts';
import { card, pageErrors, region, screenshot, useApp } from './support/harness.ts';

/**
 * The demo ward as a new user meets it on a fresh start: its critical patients are being
 * watched (recent observations, not "Stale"), and the screenshots of the walk-through.
 */
const app = useApp();

describe('the demo ward on a fresh start', () => {
  it('shows the critical patients with recent observations, not "Stale"', async () => {
    const { context, page } = await app.newPage();
    await signUp(page);
    const critical = (await listPatients(page)).filter((p) => p.condition === 'Critical');
    expect(critical.length).toBeGreaterThanOrEqual(4);
    await page.goto('/?condition=Critical');
    for (const patient of critical) {
      const patientCard = card(page, patient.name);
      await patientCard.locator('[data-abnormal]').first().waitFor();
      expect(await patientCard.locator('[data-stale-notice]').count(), patient.name).toBe(0);
    }
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it.each([375, 1440])('screenshots of the dashboard and a critical record at %i px', async (width) => {
    const { context, page } = await app.newPage({ width, height: width === 375 ? 812 : 900 });
    await signUp(page);
    await page.goto('/');
    const [first] = (await listPatients(page)).filter((p) => p.condition === 'Critical');
    if (!first) throw new Error('the demo ward has no critical patient');
    await card(page, first.name)
      .getByText(/^High risk, NEWS2 \d+\./)
      .waitFor();
    await screenshot(page, `ward-screens-dashboard-${width}`);
    await page.goto(`/patient/${first.id}`);
    await region(page, 'AI Analysis').locator('[data-do-now]').waitFor();
    await region(page, 'Real-time Vital Signs Monitor').locator('[data-connection]').waitFor();
    // The alert toast of the first analysis has gone (5 s), so the picture shows the page itself.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
    await screenshot(page, `ward-screens-critical-record-${width}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
