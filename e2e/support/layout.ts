import type { Locator, Page } from 'playwright-core';

/**
 * What the ward's screens are checked for at every width: content that leaves its box, text cut
 * short, and floating things (buttons, panels, toasts) over what a nurse needs to see or use.
 */

/** Vital-sign displays: the dashboard card's tiles, the record's vital cards, the monitor's tiles. */
export const VITALS_SELECTOR = [
  'ul[aria-labelledby] > li dl > div',
  'section[aria-labelledby="vital-signs-heading"] li',
  'ul[aria-label="Analysed vital signs"] > li',
].join(', ');

/** Controls and labels: what a nurse must be able to see and use. */
export const CONTROLS_SELECTOR =
  'button, a[href], input, select, textarea, summary, label, th, [role="checkbox"], [role="tab"]';

/**
 * Where content leaves its box: for every root matched by `rootSelector`, each visible element and
 * text run inside it must lie within the root (1 px tolerance), and no root may scroll sideways. A
 * text run is measured by a Range, so text that overflows a narrow flex item is seen too.
 */
export async function overflowProblems(page: Page, rootSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const isHidden = (el: Element) => {
      const style = getComputedStyle(el);
      return (
        style.display === 'none' ||
        style.visibility === 'hidden' ||
        // sr-only: clipped to a 1 px box on purpose.
        (style.position === 'absolute' && style.clip !== 'auto' && style.clip !== '')
      );
    };
    const roots = Array.from(document.querySelectorAll(selector));
    for (const root of roots) {
      root.scrollIntoView({ block: 'center' });
      const box = root.getBoundingClientRect();
      const name = `${root.closest('li')?.querySelector('h3')?.textContent ?? ''} › ${(root.textContent ?? '').trim().slice(0, 40)}`;
      if (root.scrollWidth > root.clientWidth + 1) {
        problems.push(`${name}: scrolls sideways by ${root.scrollWidth - root.clientWidth}px`);
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node instanceof Element ? node : node.parentElement;
        if (!element || element === root) continue;
        if (isHidden(element) || element.closest('[class*="sr-only"]')) continue;
        let rect: DOMRect;
        if (node instanceof Text) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rect = range.getBoundingClientRect();
        } else {
          // The card's stretched link (::after) is the card itself; elements are measured by box.
          rect = (node as Element).getBoundingClientRect();
        }
        if (rect.width === 0 || rect.height === 0) continue;
        const spill = Math.max(box.left - rect.left, rect.right - box.right);
        if (spill > 1) {
          const what =
            node instanceof Text ? `"${node.textContent?.trim()}"` : `<${(node as Element).tagName}>`;
          problems.push(`${name}: ${what} spills ${Math.round(spill)}px out`);
        }
      }
    }
    return problems;
  }, rootSelector);
}

/**
 * Elements a nurse needs to see or use: controls and labels (buttons, links, fields, summaries,
 * <label>s, table header cells). Each is scrolled into view the way the browser does for keyboard
 * focus (`nearest`, honouring scroll padding), then the point at its centre must hit the element
 * itself, not a floating button, panel or toast above it.
 */
export async function coveredControls(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const scopeRoot = document.querySelector(scopeSelector) ?? document.body;
    const candidates = Array.from(
      scopeRoot.querySelectorAll(
        'button, a[href], input, select, textarea, summary, label, th, [role="checkbox"], [role="tab"]',
      ),
    );
    const floating = '[data-floating-bar], [data-sonner-toaster]';
    const covered: string[] = [];
    for (const el of candidates) {
      if (el.closest(floating)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (el.closest('[class*="sr-only"]') || el.closest('details:not([open]) > :not(summary)')) continue;
      const initial = el.getBoundingClientRect();
      if (initial.width < 2 || initial.height < 2) continue;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const rect = el.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + Math.min(rect.height / 2, 12);
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || hit.contains(el)) continue;
      // A control inside a label (or the reverse) is the same target.
      if (hit.closest('label') && hit.closest('label') === el.closest('label')) continue;
      const coveringFloat = hit.closest(floating);
      if (coveringFloat) {
        covered.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" is under ${(hit.textContent ?? '').trim().slice(0, 30)}`,
        );
      }
    }
    return covered;
  }, scope);
}

/** Rectangles of the visible interactive elements and labels that the box intersects. */
export async function controlsUnder(page: Page, boxSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const boxEl = document.querySelector(selector);
    if (!boxEl) return ['(no such box)'];
    const box = boxEl.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll(
        'button, a[href], input, select, textarea, summary, label, th, [role="checkbox"]',
      ),
    )) {
      if (boxEl.contains(el)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[class*="sr-only"]'))
        continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const overlaps = r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      if (overlaps)
        hits.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
        );
    }
    return hits;
  }, boxSelector);
}

/** The toasts a person can see now (sonner keeps dismissed and hidden ones in the page a while). */
export async function visibleToastCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll('[data-sonner-toast]')).filter((el) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        return (
          style.display !== 'none' &&
          style.visibility !== 'hidden' &&
          Number(style.opacity) > 0.1 &&
          el.getAttribute('data-removed') !== 'true' &&
          rect.width > 0 &&
          rect.bottom > 0 &&
          rect.top < window.innerHeight
        );
      }).length,
  );
}

/**
 * Marks every control, label and vital sign a person can see now (in the viewport, below the shell's
 * top band), so that whatToastCovers can tell whether a toast then hides any of them.
 */
export async function markSeen(page: Page): Promise<number> {
  return page.evaluate(
    ({ controls, vitals }) => {
      const band = document.querySelector('[data-top-band]')?.getBoundingClientRect().bottom ?? 0;
      let count = 0;
      for (const el of Array.from(document.querySelectorAll('[data-e2e-seen]')))
        el.removeAttribute('data-e2e-seen');
      for (const el of Array.from(document.querySelectorAll(`${controls}, ${vitals}`))) {
        if (el.closest('[data-top-band], [class*="sr-only"]')) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const r = el.getBoundingClientRect();
        // In sight: its middle is on screen, below the band (not just a sliver of it).
        const middle = (r.top + r.bottom) / 2;
        if (r.width < 2 || r.height < 2 || middle <= band || middle >= window.innerHeight) continue;
        el.setAttribute('data-e2e-seen', '');
        count++;
      }
      return count;
    },
    { controls: CONTROLS_SELECTOR, vitals: VITALS_SELECTOR },
  );
}

/**
 * Every control, label and vital sign that was in sight before the toast came (markSeen) and that the
 * toast on screen now lies over. A toast may move the page; it may not hide what the nurse was seeing.
 */
export async function whatToastCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = Array.from(document.querySelectorAll('[data-sonner-toast]')).find(
      (el) => getComputedStyle(el).display !== 'none' && el.getAttribute('data-removed') !== 'true',
    );
    if (!toast) return ['(no toast on screen)'];
    const box = toast.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of Array.from(document.querySelectorAll('[data-e2e-seen]'))) {
      const r = el.getBoundingClientRect();
      if (r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top)
        hits.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
        );
    }
    return hits;
  });
}

/**
 * Text cut short inside `scope`: a select narrower than its chosen option ("Critical first, then
 * oxyge"), and a button, link or badge whose text is clipped or runs out of it.
 */
export async function cutText(page: Page, scope = 'main'): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const root = document.querySelector(scopeSelector) ?? document.body;
    const problems: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of Array.from(root.querySelectorAll('select'))) {
      const style = getComputedStyle(select);
      if (style.display === 'none' || select.getBoundingClientRect().width === 0) continue;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      const room =
        select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const needed = canvas.measureText(text).width;
      if (needed > room + 1)
        problems.push(`select "${text}" shows ${Math.round(room)} of ${Math.round(needed)}px`);
    }
    // Buttons, links and pills (badges) keep their text on one line: it must fit.
    for (const el of Array.from(root.querySelectorAll('button, a[href], .rounded-full'))) {
      const html = el as HTMLElement;
      const style = getComputedStyle(html);
      if (style.display === 'none' || html.offsetParent === null || html.closest('[class*="sr-only"]'))
        continue;
      if (html.scrollWidth > html.clientWidth + 1)
        problems.push(`"${(html.textContent ?? '').trim().slice(0, 40)}" does not fit its box`);
    }
    return problems;
  }, scope);
}

/** The toast on screen (not one on its way out). */
export const shownToast = (page: Page) =>
  page.locator('[data-sonner-toast]:not([data-removed="true"])').first();

/**
 * Waits until every toast in the page is at rest: mounted (sonner starts its entrance when it sets
 * data-mounted) and its transitions over, entrances and exits alike. An event, not a sleep.
 */
export async function toastsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
      (el) => el.getAttribute('data-mounted') === 'true',
    ),
  );
  await page.evaluate(() =>
    Promise.all(
      Array.from(document.querySelectorAll('[data-sonner-toast]')).flatMap((el) =>
        el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)),
      ),
    ),
  );
}

/**
 * The next toast to come, told from those in the page now (marked here): its locator matches once
 * it has been added, so a test can wait for a toast still on its way, even one like those before.
 */
export async function nextToast(page: Page): Promise<Locator> {
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('[data-sonner-toast]')))
      el.setAttribute('data-e2e-earlier-toast', '');
  });
  return page.locator('[data-sonner-toast]:not([data-e2e-earlier-toast])').first();
}

type Box = { x: number; y: number; width: number; height: number };
export const boxesOverlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Words broken across two lines inside `selector` ("Acknowl-/edged" in a column too narrow for it):
 * each word of each text is measured by a Range, and one drawn on more than one line is named.
 */
export async function wordsBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const root of Array.from(document.querySelectorAll(sel))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}
