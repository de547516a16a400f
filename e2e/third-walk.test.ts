import { Alert, Assignments, celsiusToTenthsF, type Patient, User } from '@vigil/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readEventStream } from './support/event-stream-reader.ts';
import {
  admitPatient,
  api,
  HOUR_MS,
  recordReadings,
  recordSepticObservations,
  SEPTIC,
  scheduleTreatment,
  signIn,
  signUp,
} from './support/fixtures.ts';
import {
  card,
  EMPTY_WARD,
  expectNoSeriousAxeViolations,
  openPatient,
  pageErrors,
  region,
  resizeTo,
  visibleText as text,
  toast,
  uniqueUsername,
  untilStill,
  useApp,
} from './support/harness.ts';
import { coveredControls, shownToast, wordsBrokenAcrossLines } from './support/layout.ts';

/**
 * The ward's screens, third walk (issue 40): each point as a nurse meets it, at a phone's, a
 * tablet's (upright and across) and a desktop's width. The journeys make their own patients on an
 * empty ward.
 */
const app = useApp(EMPTY_WARD);

const WIDTHS = [
  [375, 740],
  [768, 900],
  [1024, 768],
  [1440, 900],
] as const;

/** One nurse for the file: registering once keeps the journeys under the register rate limit. */
let nurse: string | undefined;

async function signedInPage(width: number, height: number) {
  const opened = await app.newPage({ width, height });
  if (nurse) await signIn(opened.page, nurse);
  else nurse = await signUp(opened.page, uniqueUsername('nurse'));
  await resizeTo(opened.page, { width, height });
  return { ...opened, username: nurse };
}

/** Low blood pressure that the spec's dashboard limits never flag: NEWS2 scores systolic ≤ 90 at 3. */
const LOW_BP = {
  respiratoryRate: 18,
  oxygenLevel: 97,
  onSupplementalOxygen: false,
  spo2Scale: 1,
  systolicBP: 85,
  diastolicBP: 50,
  pulse: 80,
  consciousness: 'A',
  temperature: celsiusToTenthsF(36.8),
} as const;

/** Waits until the toast on screen has arrived (its entrance transition over) and returns it. */
async function settledToast(page: Page, title: string) {
  await toast(page, title).waitFor();
  const shown = shownToast(page);
  await shown.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
  return shown;
}

/**
 * The boxes (in the window) of every element a nurse may be looking at or reaching for: headings,
 * controls, vital signs, cards. A toast that moves the page changes them.
 */
async function pageBoxes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const boxes: Record<string, string> = {};
    const selector =
      'main h1, main h2, main button, main a[href], main [role="region"], main li, [data-floating-bar] button';
    // Keyed by tag and text (and which of its kind), so an element added to the page (a timeline
    // entry) leaves the keys of the others as they were.
    const seen = new Map<string, number>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (el.closest('[data-sonner-toaster]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const where = el.closest('[aria-labelledby="timeline-heading"]') ? 'timeline ' : '';
      // Digits as #: a minute that turns meanwhile ("Obs due in 45 min", "12:04") renames nothing.
      const text = (el.textContent ?? '').trim().slice(0, 40).replace(/\d+/g, '#');
      const name = `${where}${el.tagName.toLowerCase()} ${text}`;
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      boxes[`${name} #${n}`] =
        `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
    }
    return boxes;
  });
}

/** The page's boxes once it is still (no DOM change, no animation, for ten frames in a row). */
async function boxesAtRest(page: Page): Promise<Record<string, string>> {
  await untilStill(page);
  return pageBoxes(page);
}

describe('1. a toast floats over the page and moves nothing', () => {
  it.each(WIDTHS)('on a record at %i px, ticking a treatment', async (width, height) => {
    const { context, page } = await signedInPage(width, height);
    const patient = await admitPatient(page);
    await scheduleTreatment(page, patient, {
      description: 'Wound dressing',
      scheduledFor: new Date(Date.now() + HOUR_MS),
    });
    await openPatient(page, patient);
    const checkbox = region(page, 'Treatment Schedule').getByRole('checkbox').first();
    await checkbox.waitFor();
    await region(page, 'AI Analysis').locator('[data-do-now]').waitFor();
    await expect
      .poll(() =>
        page
          .locator('main')
          .getByText(/^Loading/)
          .count(),
      )
      .toBe(0);
    await checkbox.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const before = await boxesAtRest(page);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    await checkbox.click();
    // The toast's entrance has run: anything it pushed has moved by now.
    const shown = await settledToast(page, 'Treatment marked as complete');
    const after = await pageBoxes(page);
    // The treatment's own row says "Completed" now; nothing else may have moved or changed size.
    // (The timeline, at the end of its column, gains the treatment given.)
    const changed = /Wound dressing|Completed|Scheduled|Patient History Timeline|^timeline /;
    const moved = Object.keys(before).filter((k) => !changed.test(k) && after[k] !== before[k]);
    expect(moved).toEqual([]);
    // It floats clear of the floating buttons (the record's).
    const toastBox = (await shown.boundingBox())!;
    for (const name of ['Medication Reminders', 'Emergency Contacts']) {
      const button = (await page.getByRole('button', { name }).boundingBox())!;
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(button.y + 1);
    }
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('at 375 px the CRITICAL alert toast of another patient moves nothing on the record in sight', async () => {
    const { context, page } = await signedInPage(375, 740);
    const calm = await admitPatient(page, { name: 'Calm Record' });
    const other = await admitPatient(page, { name: 'Soon Critical' });
    await openPatient(page, calm);
    await region(page, 'AI Analysis').locator('[data-do-now]').waitFor();
    await expect
      .poll(() =>
        page
          .locator('main')
          .getByText(/^Loading/)
          .count(),
      )
      .toBe(0);
    const before = await boxesAtRest(page);
    // Another nurse's observations make the other patient's NEWS2 14: announced on every screen.
    await recordReadings(page, other, [
      {
        readingTime: new Date(),
        deviceName: 'Ward observations',
        connectionType: 'manual',
        heartRate: SEPTIC.pulse,
        oxygenLevel: SEPTIC.oxygenLevel,
        onSupplementalOxygen: SEPTIC.onSupplementalOxygen,
        systolicBP: SEPTIC.systolicBP,
        diastolicBP: SEPTIC.diastolicBP,
        temperature: SEPTIC.temperature,
        respiratoryRate: SEPTIC.respiratoryRate,
        consciousness: SEPTIC.consciousness,
      },
    ]);
    await settledToast(page, 'CRITICAL Alert');
    expect(await pageBoxes(page)).toEqual(before);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});

describe('2. "All Patients" after "My patients" shows the whole ward', () => {
  beforeAll(async () => {
    const { context, page } = await signedInPage(1440, 900);
    await admitPatient(page, { name: 'Whole Ward One' });
    await admitPatient(page, { name: 'Whole Ward Two', condition: 'Critical' });
    await context.close();
  });

  it.each(WIDTHS)('at %i px', async (width, height) => {
    const { context, page } = await signedInPage(width, height);
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Patients' });
    await card(page, 'Whole Ward One').waitFor();
    const ward = await list.getByRole('listitem').count();
    const all = page.getByRole('button', { name: 'All Patients', exact: true });
    const mine = page.getByRole('button', { name: 'My patients', exact: true });
    expect(await all.getAttribute('aria-pressed')).toBe('true');

    // This nurse has no patients this shift: the ward says so, and how to get back.
    await mine.click();
    await page.getByText('No patients are assigned to you this shift.').waitFor();
    expect(await all.getAttribute('aria-pressed')).toBe('false');
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    expect(await text(page.getByRole('status').filter({ hasText: 'patients' }))).toMatch(
      new RegExp(`^Showing 0 of ${ward} patients · \\d+ critical$`),
    );
    await expectNoSeriousAxeViolations(page);

    // One click on "All Patients" returns to the whole ward, and only it shows pressed.
    await all.click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(ward);
    expect(await all.getAttribute('aria-pressed')).toBe('true');
    expect(await mine.getAttribute('aria-pressed')).toBe('false');
    expect(page.url()).not.toMatch(/mine=/);
    await context.close();
  });

  it('at 375 px the chips that do not fit say there are more', async () => {
    const { context, page } = await signedInPage(375, 740);
    await page.goto('/');
    await card(page, 'Whole Ward One').waitFor();
    const chips = page.locator('fieldset[data-more-end]');
    await chips.waitFor();
    expect(await page.locator('[data-scroll-fade="end"]').isVisible()).toBe(true);
    // Scrolled to its end, the row shows "My patients" and the hint moves to the start.
    await chips.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await page.locator('[data-scroll-fade="start"]').waitFor();
    expect(await page.locator('[data-scroll-fade="end"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'My patients', exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('9. the floating buttons cover text (worst at 375 px)', () => {
  it('at 375 px both are round icons at the corners, named, and cover no control or label', async () => {
    const { context, page } = await signedInPage(375, 740);
    const patient = await admitPatient(page);
    await openPatient(page, patient);
    for (const name of ['Medication Reminders', 'Emergency Contacts']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(56);
    }
    expect(await coveredControls(page)).toEqual([]);
    await context.close();
  });
});

describe('9. off-screen dashboard cards are blank when printed or searched with Ctrl+F', () => {
  it('prints every card with its words, the far ones too', async () => {
    const { context, page } = await signedInPage(375, 740);
    for (const name of ['Print One', 'Print Two', 'Print Three', 'Print Four'])
      await admitPatient(page, { name });
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Patients' }).getByRole('listitem');
    await card(page, 'Print Four').waitFor({ state: 'attached' });
    // On screen, the last cards are far below the first screen: skipped, they have no inner text.
    await page.emulateMedia({ media: 'print' });
    const blank = await cards.evaluateAll((items) =>
      items
        .filter((li) => !(li as HTMLElement).innerText.includes('NEWS2'))
        .map((li) => li.textContent?.slice(0, 30)),
    );
    expect(blank).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
    // Find in page reaches a far card's words (its text is in the page, drawn when found).
    expect(
      await page.evaluate(() => (window as unknown as { find: (s: string) => boolean }).find('Print One')),
    ).toBe(true);
    await context.close();
  });
});

describe('3 and 4. low blood pressure flagged; respiratory rate and ACVPU at a glance', () => {
  let lowBp: Patient;
  let confused: Patient;
  beforeAll(async () => {
    const { context, page } = await signedInPage(1440, 900);
    lowBp = await admitPatient(page, { name: 'Low Pressure', ...LOW_BP });
    confused = await admitPatient(page, {
      name: 'New Confusion',
      ...LOW_BP,
      systolicBP: 124,
      diastolicBP: 78,
      respiratoryRate: 26,
      consciousness: 'C',
    });
    await context.close();
  });

  const tile = (page: Page, name: string, label: string) =>
    card(page, name)
      .locator('dl > div')
      .filter({ has: page.locator('dt > span:first-child', { hasText: new RegExp(`^${label}$`) }) });

  it.each(WIDTHS)('on the dashboard card and the record at %i px', async (width, height) => {
    const { context, page } = await signedInPage(width, height);
    await page.goto('/');
    const bp = tile(page, 'Low Pressure', 'BP');
    await bp.waitFor();
    expect(await bp.getAttribute('data-abnormal')).toBe('true');
    expect(await text(bp)).toMatch(/^BP low 85\/50 mmHg \(low, scores 3 in NEWS2\)/);

    const rr = tile(page, 'New Confusion', 'RR');
    const acvpu = tile(page, 'New Confusion', 'ACVPU');
    await card(page, 'New Confusion').scrollIntoViewIfNeeded();
    expect(await text(rr)).toMatch(/^RR high 26 \/min \(high, scores 3 in NEWS2\)/);
    expect(await text(acvpu)).toMatch(/^ACVPU not alert C New confusion \(not alert, scores 3 in NEWS2\)/);
    // Calm values are there too, unflagged.
    expect(await text(tile(page, 'Low Pressure', 'RR'))).toMatch(/^RR 18 \/min/);
    expect(await tile(page, 'Low Pressure', 'ACVPU').getAttribute('data-abnormal')).toBeNull();
    await expectNoSeriousAxeViolations(page);

    // The record's vital tiles: the same, with the score named under the value.
    await openPatient(page, confused);
    const vitals = region(page, 'Vital signs');
    const recordTile = (label: string) =>
      vitals.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
    await recordTile('Respiratory Rate').waitFor();
    expect(await text(recordTile('Respiratory Rate'))).toMatch(
      /^Respiratory Rate 26 \/min High — scores 3 in NEWS2/,
    );
    expect(await text(recordTile('Consciousness'))).toMatch(
      /^Consciousness C New confusion Not alert — scores 3 in NEWS2/,
    );
    await openPatient(page, lowBp);
    expect(await text(recordTile('Blood Pressure'))).toMatch(
      /^Blood Pressure 85\/50 mmHg Low — scores 3 in NEWS2/,
    );
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('5 and 6. the timeline of a stay, and who wrote each note', () => {
  let walked: Patient;
  beforeAll(async () => {
    const { context, page, username } = await signedInPage(1440, 900);
    // The shortest deadline a ward may set: the alert escalates within a minute.
    await api(page, 'PUT', '/api/alert-settings', {
      acknowledgeWithinMs: { high: 60_000, medium: 60_000, low: 60_000 },
      confirmDeviceAfterMs: 60_000,
    });
    walked = await admitPatient(page, { name: 'Walked Through' });
    await recordSepticObservations(page, walked);
    const alertOf = async () =>
      z
        .array(Alert)
        .parse(await api(page, 'GET', `/api/alerts?state=all&patientId=${walked.id}`))
        .find((a) => a.kind === 'clinical')!;
    // The escalation comes with the alert timer's tick, as an event on the live stream: waited for
    // there (or found already made once the stream is open), not polled.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const stream = readEventStream(app.baseUrl, cookie, (await alertOf()).id);
    try {
      await stream.opened;
      if ((await alertOf()).escalationLevel === 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          stream.escalatedTo(1),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('the alert did not escalate within 90 s')), 90_000);
          }),
        ]).finally(() => clearTimeout(timer));
      }
    } finally {
      stream.close();
    }
    expect((await alertOf()).escalationLevel).toBeGreaterThanOrEqual(1);
    await api(page, 'POST', `/api/alerts/${(await alertOf()).id}/acknowledge`, { note: 'Outreach called' });
    await scheduleTreatment(page, walked, {
      description: 'IV antibiotics',
      scheduledFor: new Date(),
      completed: true,
    });
    // The nurse looks after the patient this shift, and hands over to the next.
    const { shift } = Assignments.parse(await api(page, 'GET', '/api/ward/assignments?shift=current'));
    const me = User.parse(await api(page, 'GET', '/api/user'));
    expect(me.username).toBe(username);
    await api(page, 'PUT', `/api/ward/assignments/${shift.key}/${walked.id}`, { nurseId: me.id });
    await api(page, 'POST', '/api/handovers', {
      patientId: walked.id,
      illnessSeverity: 'unstable',
      patientSummary: 'Sepsis, on IV antibiotics.',
      actions: ['Repeat lactate'],
      situation: 'If RR goes above 24, call outreach.',
    });
    await context.close();
  }, 120_000);

  it.each(WIDTHS)(
    'at %i px each event in order, filterable, and the note with its author',
    async (width, height) => {
      const { context, page, username } = await signedInPage(width, height);
      await openPatient(page, walked);
      const timeline = region(page, 'Patient History Timeline');
      const history = timeline.getByRole('list', { name: 'History, newest first' });
      await history.waitFor();
      const types = async () =>
        (
          await history
            .locator('li[data-timeline-type]')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-timeline-type')))
        )
          .filter((type) => type !== 'note')
          .reverse();
      // Oldest first, for reading (the screen lists newest first).
      expect(await types()).toEqual([
        'admitted',
        'observations',
        'observations',
        'alert-raised',
        'alert-escalated',
        'alert-acknowledged',
        'treatment-completed',
        'handover-given',
      ]);
      // The septic set says its NEWS2; the acknowledgement who made it.
      expect(await text(history.locator('li[data-timeline-type="observations"]').first())).toMatch(
        /NEWS2 14 · high/,
      );
      expect(await text(history.locator('li[data-timeline-type="alert-acknowledged"]'))).toContain(
        `Alert acknowledged by ${username}`,
      );
      // Filtered to the alerts: only they remain, newest first.
      await timeline.getByRole('button', { name: /^Alerts/ }).click();
      await expect
        .poll(async () =>
          history
            .locator('li[data-timeline-type]')
            .evaluateAll((els) => els.map((el) => el.getAttribute('data-timeline-type'))),
        )
        .toEqual(['alert-acknowledged', 'alert-escalated', 'alert-raised']);
      await expectNoSeriousAxeViolations(page);
      await timeline.getByRole('button', { name: /^All/ }).click();
      // The alert-history card breaks no word mid-word (issue 40 item 9: "Acknowledged" at 1440 px).
      const alertHistory = '[aria-labelledby="patient-alerts-heading"] li[data-alert-id]';
      await page.locator(alertHistory).first().waitFor();
      expect(await wordsBrokenAcrossLines(page, alertHistory)).toEqual([]);

      // A note: its author and time under it, and in the timeline.
      const notes = region(page, 'Patient Notes');
      const content = `Settled at ${width} px.`;
      await notes.getByLabel('New note').fill(content);
      await notes.getByRole('button', { name: 'Add note' }).click();
      const note = notes
        .getByRole('list', { name: 'Previous Notes' })
        .getByRole('listitem')
        .filter({ hasText: content });
      await note.waitFor();
      expect(await text(note)).toMatch(
        new RegExp(`${content.replace('.', '\\.')} ${username} · \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2}$`),
      );
      const entry = history.locator('li[data-timeline-type="note"]').filter({ hasText: content });
      await entry.waitFor();
      expect(await text(entry)).toContain(username);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    },
  );
});
