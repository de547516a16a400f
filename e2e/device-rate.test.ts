import type { Patient } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admitPatient, CALM_VITALS, recordReadings, signUp } from './support/fixtures.ts';
import {
  EMPTY_WARD,
  pageErrors,
  screenshot,
  uniqueUsername,
  useApp,
  visibleText,
} from './support/harness.ts';

/**
 * A patient whose bedside monitor sent a reading every second for 24 hours (86,400 readings, posted
 * in batches as the bridge sends a backlog): the record's trend is drawn in buckets and its line
 * reaches the newest reading, and the observation chart still shows the admission's set
 * (decision 029).
 */
const app = useApp(EMPTY_WARD);
const SECONDS = 86_400;
const BATCH = 500;

let page: Page;
let patient: Patient;
let newest: Date;

/** "09:41" as the web app writes a time of today, or "27 Nov, 23:59" for another day. */
const clockOf = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);

beforeAll(async () => {
  ({ page } = await app.newPage());
  await signUp(page, uniqueUsername('monitor'));
  // Admitted with a full set: a respiratory rate of 19 that the monitor never measures.
  patient = await admitPatient(page, { name: 'Monitored Patient', respiratoryRate: 19 });
  newest = new Date(Date.now() - 1000);
  const first = newest.getTime() - (SECONDS - 1) * 1000;
  for (let start = 0; start < SECONDS; start += BATCH) {
    await recordReadings(
      page,
      patient,
      Array.from({ length: Math.min(BATCH, SECONDS - start) }, (_, k) => {
        const s = start + k;
        return {
          readingTime: new Date(first + s * 1000),
          deviceId: 'bedside-monitor',
          deviceName: 'Bedside monitor',
          connectionType: 'Bluetooth',
          heartRate: CALM_VITALS.pulse + (s % 9),
          oxygenLevel: 97,
        };
      }),
    );
  }
}, 300_000);

describe('a record at a reading a second', () => {
  it('draws the day in buckets whose line reaches the newest reading', async () => {
    await page.goto(`/patient/${patient.id}`);
    const card = page.getByRole('region', { name: 'Vital signs trend (24 h)', exact: true });
    const chart = card.locator('[data-trend-chart]');
    await card.locator('canvas[role="img"]').first().waitFor();
    expect(await chart.getAttribute('data-resolution')).toBe('buckets');
    const points = Number(await chart.getAttribute('data-points'));
    expect(points).toBeGreaterThan(1000);
    expect(points).toBeLessThanOrEqual(1501);
    // The readout of the last point, and each panel's summary, end at the newest reading.
    // Polled for the readout's whole text, so a failure says what it showed instead.
    await expect
      .poll(() =>
        visibleText(
          card
            .locator('p')
            .filter({ hasText: /^(Latest|At) / })
            .first(),
        ),
      )
      .toMatch(new RegExp(`^Latest ${clockOf(newest)}: `));
    const pulse = await card.locator('[data-panel="heartRate"] canvas').first().getAttribute('aria-label');
    expect(pulse).toMatch(new RegExp(`latest \\d+ at ${clockOf(newest)}\\.$`));
    // Nearly a day of readings a second (the window's first seconds passed while they were posted).
    expect(pulse).toMatch(/Pulse \(bpm\), last 24 hours: 8[56],\d{3} readings from \d+ to \d+/);
    await screenshot(page, 'device-rate-record-1440');
    expect(pageErrors(page)).toEqual([]);
  });

  it('keeps the admission’s set on the observation chart beside the monitor’s values', async () => {
    await page.goto(`/patient/${patient.id}/chart`);
    await page.getByRole('heading', { level: 1, name: 'Observation chart' }).waitFor();
    const sheets = page.locator('[data-chart-sheet]');
    // A day of readings a second not yet summarised (the summaries run every 10 s) is summed from the
    // readings themselves: on PGlite that can take a few seconds.
    await expect.poll(() => sheets.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // The respiratory rate (19) is the admission's: no other reading has one.
    const respiration = sheets
      .last()
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '12–20', exact: true }) })
      .first();
    await expect
      .poll(async () => (await respiration.getByRole('cell').allInnerTexts()).includes('19'))
      .toBe(true);
    // One column an hour: 24 or 25 for the day, on two sheets of 16.
    expect(await sheets.count()).toBe(2);
    expect(pageErrors(page)).toEqual([]);
  });
});
