import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPatients, signUp } from './support/fixtures.ts';
import {
  type AxeViolation,
  openInApp,
  pageErrors,
  screenshot,
  seriousAxeViolations,
  uniqueUsername,
  useApp,
} from './support/harness.ts';
import { cutText } from './support/layout.ts';

/**
 * Every page at the ward's four widths (a phone, a tablet upright and across, a desktop): axe finds
 * no serious or critical violation, and no page scrolls sideways. On the demo ward, as a new install
 * shows it, with its administrator (who may open every page), a nurse for the page a role may not
 * open, and a visitor who is not signed in.
 */
const app = useApp();
let admin: Page;
let nurse: Page;
let visitor: Page;
let patientId: number;

beforeAll(async () => {
  ({ page: admin } = await app.newPage());
  await signUp(admin, uniqueUsername('admin')); // the first account: the administrator
  ({ page: nurse } = await app.newPage());
  await signUp(nurse, uniqueUsername('nurse'));
  ({ page: visitor } = await app.newPage());
  const [critical] = (await listPatients(admin)).filter((p) => p.condition === 'Critical');
  if (!critical) throw new Error('the demo ward has no critical patient');
  patientId = critical.id;
});

afterAll(async () => {
  for (const page of [admin, nurse, visitor]) await page?.context().close();
});

interface Screen {
  name: string;
  page: () => Page;
  path: () => string;
  /** What shows once the page has its data. */
  ready: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    page: () => visitor,
    path: () => '/auth',
    ready: (p) => p.getByRole('button', { name: 'Sign in' }),
  },
  {
    name: 'dashboard',
    page: () => admin,
    path: () => '/',
    ready: (p) => p.getByRole('list', { name: 'Patients' }).getByRole('listitem').first().locator('dl'),
  },
  {
    name: 'patient record',
    page: () => admin,
    path: () => `/patient/${patientId}`,
    ready: (p) => p.locator('[data-do-now]'),
  },
  {
    name: 'alerts',
    page: () => admin,
    path: () => '/alerts',
    ready: (p) => p.getByRole('region', { name: 'Alarm fatigue' }).locator('dl'),
  },
  {
    name: 'Bluetooth Device Manager',
    page: () => admin,
    path: () => '/bluetooth-manager',
    ready: (p) => p.getByRole('heading', { name: 'Connected Devices' }),
  },
  {
    name: 'administration',
    page: () => admin,
    path: () => '/admin',
    ready: (p) => p.getByRole('table').getByRole('row').nth(1),
  },
  {
    name: 'account',
    page: () => admin,
    path: () => '/account',
    ready: (p) => p.getByRole('heading', { name: 'Your account' }),
  },
  {
    name: 'audit trail',
    page: () => admin,
    path: () => '/audit',
    ready: (p) => p.getByRole('table').getByRole('row').nth(1),
  },
  {
    name: 'who has seen a record',
    page: () => admin,
    path: () => `/audit/patient/${patientId}`,
    ready: (p) => p.getByRole('heading', { name: 'Who has seen this record' }),
  },
  {
    name: 'not found',
    page: () => admin,
    path: () => '/no-such-page',
    ready: (p) => p.getByRole('heading', { name: '404 Page Not Found' }),
  },
  {
    name: 'not open to a nurse',
    page: () => nurse,
    path: () => '/audit',
    ready: (p) => p.getByRole('heading', { name: 'Not open to your role' }),
  },
];

/** The pictures looked at for the closing note (the first screen, as a nurse sees it on opening). */
const SCREENSHOTS: Record<string, number[]> = {
  dashboard: [375, 768, 1440],
  'audit trail': [768],
  alerts: [375, 1440],
};

describe('every page at 375, 768, 1024 and 1440 px', () => {
  it.each([375, 768, 1024, 1440])(
    '%i px: no serious or critical axe violation, nothing scrolls sideways or is cut',
    {
      timeout: 180_000,
    },
    async (width) => {
      const found: string[] = [];
      for (const screen of SCREENS) {
        const page = screen.page();
        await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        // As a nurse moves between them: by the app's own links, not by loading every page again.
        await openInApp(page, screen.path());
        await screen.ready(page).waitFor();
        const violations: AxeViolation[] = await seriousAxeViolations(page);
        for (const v of violations)
          found.push(`${screen.name}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (sideways > 0) found.push(`${screen.name}: scrolls sideways by ${sideways}px`);
        // No text cut short: "Administrator" whole in the role select, the sort select's longest choice.
        for (const problem of await cutText(page)) found.push(`${screen.name}: ${problem}`);
        if (SCREENSHOTS[screen.name]?.includes(width))
          await screenshot(page, `${screen.name.replace(/ /g, '-')}-${width}`, { fullPage: false });
      }
      expect(found).toEqual([]);
      for (const page of [admin, nurse, visitor]) expect(pageErrors(page)).toEqual([]);
    },
  );
});

describe('the axe check itself', () => {
  it('reports the serious and critical violations of a page, and not the moderate ones', async () => {
    const { context, page } = await app.newPage();
    try {
      // A page with known faults: an image with no text (critical), a nameless button (critical),
      // grey on white (serious), and no main landmark or first-level heading (moderate only).
      await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <button></button>
        <p style="color:#bbb;background:#fff">Observations due</p>
        <div>Outside any landmark</div></body></html>`);
      const found = (await seriousAxeViolations(page)).map((v) => v.id).sort();
      expect(found).toEqual(['button-name', 'color-contrast', 'image-alt']);
      // The moderate one is axe's too, and left out.
      const all = (await page.evaluate(async () => {
        const axe = (
          globalThis as unknown as { axe: { run: (d: Document) => Promise<{ violations: unknown[] }> } }
        ).axe;
        return (await axe.run(document)).violations;
      })) as AxeViolation[];
      expect(all.some((v) => v.impact === 'moderate')).toBe(true);
    } finally {
      await context.close();
    }
  });
});
