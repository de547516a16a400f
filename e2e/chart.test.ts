import fs from 'node:fs';
import path from 'node:path';
import type { Patient } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admitPatient, CALM_VITALS, HOUR_MS, recordReadings, signUp } from './support/fixtures.ts';
import {
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  pageErrors,
  resizeTo,
  SCREENSHOT_DIR,
  screenshot,
  uniqueUsername,
  useApp,
} from './support/harness.ts';

/**
 * The printable RCP NEWS2 observation chart: a patient's last 24 hours of observations as
 * A4 sheets, opened from the record, printed by Chromium to a PDF that is checked (A4, one page per
 * sheet) and kept in test-results/ with a picture of the screen.
 */
const app = useApp(EMPTY_WARD);
const PDF_PATH = path.join(SCREENSHOT_DIR, '..', 'observation-chart.pdf');
/** A4 in PDF points (1/72 in): 210 × 297 mm. */
const A4_POINTS = { width: 595.28, height: 841.89 };

let page: Page;
let patient: Patient;

beforeAll(async () => {
  ({ page } = await app.newPage());
  await signUp(page, uniqueUsername('charge'));
  patient = await admitPatient(page, { name: 'Chart Patient' });
  // 20 hourly sets, the last three deteriorating: 20 columns, so two A4 sheets of 16.
  const start = Date.now() - 20 * HOUR_MS;
  await recordReadings(
    page,
    patient,
    Array.from({ length: 20 }, (_, i) => ({
      readingTime: new Date(start + i * HOUR_MS),
      heartRate: i < 17 ? CALM_VITALS.pulse : 125,
      oxygenLevel: i < 17 ? CALM_VITALS.oxygenLevel : 93,
      onSupplementalOxygen: false,
      systolicBP: i < 17 ? CALM_VITALS.systolicBP : 98,
      diastolicBP: CALM_VITALS.diastolicBP,
      temperature: CALM_VITALS.temperature,
      respiratoryRate: i < 17 ? CALM_VITALS.respiratoryRate : 23,
      consciousness: 'A',
    })),
  );
});

/** The values of a chart row across the sheet's columns (its band label first). */
const rowTexts = (sheet: ReturnType<Page['locator']>, label: string) =>
  sheet
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .first()
    .getByRole('cell')
    .allInnerTexts();

describe('the observation chart', () => {
  it('opens from the record and plots each value in its score band, with the server’s totals', async () => {
    await page.goto(`/patient/${patient.id}`);
    await page.getByRole('link', { name: 'Observation chart' }).click();
    await page.getByRole('heading', { level: 1, name: 'Observation chart' }).waitFor();
    const sheets = page.locator('[data-chart-sheet]');
    await expect.poll(() => sheets.count()).toBe(2);
    const second = sheets.nth(1);
    // Sheet 2 holds columns 17–20: one calm, then three with pulse 125 (111–130 scores 2).
    const pulse = await rowTexts(second, '111–130');
    expect(pulse.slice(0, 5)).toEqual(['2', '', '125', '125', '125']);
    const total = await second
      .getByRole('row')
      .filter({ hasText: 'NEWS2 total' })
      .getByRole('cell')
      .allInnerTexts();
    // Calm: 0. Deteriorated: RR 23 (2) + SpO2 93 (2) + SBP 98 (2) + pulse 125 (2) = 8.
    expect(total.slice(0, 4)).toEqual(['0', '8', '8', '8']);
    expect(pageErrors(page)).toEqual([]);
  });

  it('prints to A4 without the app around it, one page per sheet', async () => {
    await screenshot(page, 'observation-chart');
    // Printed as the browser prints: the print CSS drops the app around the chart.
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, 'observation-chart-print');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    fs.mkdirSync(path.dirname(PDF_PATH), { recursive: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, path: PDF_PATH });
    await page.emulateMedia({ media: null });
    const text = pdf.toString('latin1');
    const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? [];
    expect(pages.length).toBe(2);
    const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
    expect(boxes.length).toBeGreaterThan(0);
    for (const [, width, height] of boxes) {
      // Chromium rounds A4 to whole pixels at 96 dpi: within 2 points of 595.28 × 841.89.
      expect(Math.abs(Number(width) - A4_POINTS.width)).toBeLessThan(2);
      expect(Math.abs(Number(height) - A4_POINTS.height)).toBeLessThan(2);
    }
  });

  it('has no serious or critical axe violations from 375 to 1440 px, 72 hours too', async () => {
    await page.goto(`/patient/${patient.id}/chart?hours=72`);
    await page
      .getByRole('link', { name: 'Last 72 hours', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    for (const width of [375, 768, 1024, 1440]) {
      await resizeTo(page, { width, height: 900 });
      await page.locator('[data-chart-sheet]').first().waitFor();
      await expectNoSeriousAxeViolations(page);
    }
  });
});
