import type { Locator, Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, SPEC_RECONNECTS } from '../apps/web/src/features/events/lib/reconnect-policy.ts';
import { admitPatient, recordReadings, signUp } from './support/fixtures.ts';
import {
  card,
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  openPatient,
  pageErrors,
  region,
  screenshot,
  TIME_OR_DAY_TIME,
  useApp,
  visibleText,
} from './support/harness.ts';

/**
 * The live view heals by itself: the server stops (a restart, a crash) while nurses' screens are
 * open; the screens say at once, across the top, that they are offline and since when, their vital
 * signs read as not live, and they come back with no click once the server does, showing what was
 * recorded meanwhile. Real outages on the real server process (same data, same port), so this file
 * takes about two minutes: one outage of 10 s and one of just over a minute.
 */
const app = useApp(EMPTY_WARD);
/** A journey that fails during its outage leaves the server stopped: the next one starts it again. */
let isHalted = false;
const halt = async (signal: 'SIGTERM' | 'SIGKILL') => {
  await app.halt(signal);
  isHalted = true;
};
const resume = async () => {
  await app.resume();
  isHalted = false;
};
afterEach(async () => {
  if (isHalted) await resume();
});

const banner = (page: Page) => page.locator('[data-live-banner]');
const isLive = (page: Page) => page.locator('[data-live-status="live"]').waitFor({ state: 'attached' });

/** Every request the page makes for the live event stream, in order. */
function eventStreamRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') urls.push(request.url());
  });
  return urls;
}

/**
 * How many of the event-stream requests that the page starts from now on have failed: attempts made
 * while the server is down. (The stream that was open before is not counted, however it ends.)
 */
function failedEventStreamAttempts(page: Page): () => number {
  const started = new Set<Request>();
  let failed = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') started.add(request);
  });
  page.on('requestfailed', (request) => {
    if (started.has(request)) failed++;
  });
  return () => failed;
}

/** How a vital-sign group reads: its frame, and the tag it wears while not live. */
const notLiveLook = (group: Locator) =>
  group.evaluate((el) => ({
    outline: getComputedStyle(el).outlineStyle,
    tag: getComputedStyle(el, '::before').content,
  }));

/** Waits out what remains of `ms` since `since`. */
const until = (since: number, ms: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, since + ms - Date.now())));

describe('the live view heals by itself', () => {
  // Two minutes: a sign-up, an admission, a server stopped and started again, and two axe checks,
  // with two other journeys beside it on two cores, took over the default minute.
  it('after a 10 s restart: offline across the top at once, then live again within 10 s of the server, with the reading recorded meanwhile', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await app.newPage({ width: 1440, height: 900 });
    await signUp(page);
    const patient = await admitPatient(page, { name: 'Short Outage', pulse: 72 });
    await page.goto('/');
    const patientCard = card(page, 'Short Outage');
    await patientCard.locator('dl').waitFor();
    await isLive(page);
    const requests = eventStreamRequests(page);
    const failedAttempts = failedEventStreamAttempts(page);

    await halt('SIGTERM');
    await banner(page).waitFor();
    // "Last live 23:59" carries its date ("26 Nov, 23:59") once the day has turned.
    expect(await visibleText(banner(page))).toMatch(
      new RegExp(
        `^Offline — data may be out of date Last live ${TIME_OR_DAY_TIME} (Trying again in \\d+ s|Reconnecting…) Reconnect now$`,
      ),
    );
    // Across the whole screen, above the sidebar and the page.
    const screenWidth = await page.evaluate(() => document.documentElement.clientWidth);
    expect(await banner(page).boundingBox()).toMatchObject({ x: 0, y: 0, width: screenWidth });
    // The card's vital signs read as not live.
    expect(await notLiveLook(patientCard.locator('dl'))).toEqual({ outline: 'dashed', tag: '"Not live"' });
    await screenshot(page, 'live-offline-dashboard-1440');
    await expectNoSeriousAxeViolations(page);

    // The server comes back just after the third attempt has failed (about 5.5 s in: a server that
    // stops on SIGTERM hands its streams over, so the first is within 0.5 s, then 2 s and 3 s
    // later): the next is 4.5 s away, so the screen cannot know yet. Back at a fixed time, a server
    // that started fast could meet the third attempt before the check below.
    await expect.poll(failedAttempts, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await resume();
    const backAt = Date.now();
    // The server is back before the screen knows: what is recorded now must still reach it.
    expect(await banner(page).isVisible()).toBe(true);
    await recordReadings(page, patient, [{ readingTime: new Date(), heartRate: 97 }]);

    await isLive(page); // no click
    expect(Date.now() - backAt).toBeLessThanOrEqual(10_000);
    // It says so, briefly, rather than the banner just vanishing (issue 40 item 8).
    expect(await visibleText(banner(page))).toMatch(new RegExp(`^Live again — updated ${TIME_OR_DAY_TIME}$`));
    await banner(page).waitFor({ state: 'detached' });
    await patientCard.locator('dl > div').filter({ hasText: 'Pulse' }).getByText('97').waitFor();
    expect(await notLiveLook(patientCard.locator('dl'))).toEqual({ outline: 'none', tag: 'none' });
    expect(requests.length).toBeGreaterThanOrEqual(3); // the attempts while down, then the one that healed
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('after the server is killed for over a minute: keeps trying, and is live again within the capped interval of its return, with no click', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await app.newPage({ width: 1024, height: 768 });
    await signUp(page);
    const patient = await admitPatient(page, { name: 'Long Outage', pulse: 70 });
    await openPatient(page, patient);
    await isLive(page);
    // A reading while live: the screen now holds the id of the last event it received.
    await recordReadings(page, patient, [{ readingTime: new Date(), heartRate: 71 }]);
    const pulse = region(page, 'Vital signs').getByRole('listitem').filter({ hasText: 'Pulse' });
    await pulse.getByText('71').waitFor();
    const requests = eventStreamRequests(page);

    await halt('SIGKILL');
    const killedAt = Date.now();
    await banner(page).waitFor();
    const vitals = region(page, 'Vital signs').getByRole('list');
    expect(await notLiveLook(vitals)).toEqual({ outline: 'dashed', tag: '"Not live"' });
    await screenshot(page, 'live-offline-record-1024');

    await until(killedAt, 61_000);
    // Still trying after the spec's five attempts (the last at 26.4 s), not given up: at least one
    // capped attempt has followed, and the screen says when it tries next.
    expect(requests.length).toBeGreaterThanOrEqual(SPEC_RECONNECTS + 1);
    expect(await visibleText(banner(page))).toMatch(/Trying again in \d+ s|Reconnecting…/);
    expect(await page.getByRole('button', { name: 'Reconnect now' }).count()).toBe(1);

    await resume();
    const backAt = Date.now();
    expect(await banner(page).isVisible()).toBe(true);
    await recordReadings(page, patient, [{ readingTime: new Date(), heartRate: 103 }]);
    // Nothing has brought it back yet: no click, no reload.

    // No click: the next scheduled attempt heals it, at most the capped interval after the return.
    await page
      .locator('[data-live-status="live"]')
      .waitFor({ state: 'attached', timeout: RECONNECT_CAP_MS + 5_000 });
    expect(Date.now() - backAt).toBeLessThanOrEqual(RECONNECT_CAP_MS + 5_000);
    // It resumed after the last event it had, and refetched: the reading recorded meanwhile shows.
    expect(requests.at(-1)).toMatch(/[?&]lastEventId=\d+$/);
    await pulse.getByText('103').waitFor();
    await banner(page).waitFor({ state: 'detached' });
    expect(await notLiveLook(vitals)).toEqual({ outline: 'none', tag: 'none' });
    // The record held through the outage: its trend chart, first drawn as the server went down, came
    // with the server (the chart's code loads again when the server is back, not "Something went wrong").
    await region(page, 'Vital signs trend (24 h)').locator('canvas').first().waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('after a 30 s outage says "Live again — updated HH:MM" at 375, 768, 1024 and 1440 px, then steps aside', {
    timeout: 120_000,
  }, async () => {
    const widths = [
      [375, 740],
      [768, 900],
      [1024, 768],
      [1440, 900],
    ] as const;
    const pages: Page[] = [];
    for (const [width, height] of widths) {
      const { page } = await app.newPage({ width, height });
      if (pages.length === 0) await signUp(page);
      else await page.context().addCookies(await pages[0]!.context().cookies());
      await page.goto('/');
      await page.getByRole('heading', { name: 'Patient Dashboard' }).waitFor();
      await isLive(page);
      pages.push(page);
    }
    await halt('SIGTERM');
    const haltedAt = Date.now();
    for (const page of pages) await banner(page).getByText('Offline — data may be out of date').waitFor();
    await until(haltedAt, 30_000);
    await resume();
    // Each screen at once: the band shows for ten seconds, and four axe checks one after another
    // can take longer than that on a busy machine (the last screen's band was gone before its turn).
    await Promise.all(
      pages.map(async (page) => {
        const again = page.locator('[data-live-again]');
        await again.waitFor({ timeout: RECONNECT_CAP_MS + 5_000 });
        expect(await visibleText(again)).toMatch(new RegExp(`^Live again — updated ${TIME_OR_DAY_TIME}$`));
        await expectNoSeriousAxeViolations(page);
      }),
    );
    // Briefly: then the band is gone and nothing says offline.
    for (const page of pages) {
      await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  });
});
