import { describe, expect, it } from 'vitest';
import { scrollHintOf } from './use-scroll-hint.ts';

describe('the filter chips overflow at 375 px with no hint (issue 40 item 9)', () => {
  it.each([
    // [scrollLeft, scrollWidth, clientWidth] → more before, more after
    [0, 343, 343, false, false],
    [0, 520, 343, false, true],
    [90, 520, 343, true, true],
    [177, 520, 343, true, false],
  ])('scrolled %i of a %i px row in %i px', (scrollLeft, scrollWidth, clientWidth, start, end) => {
    expect(scrollHintOf({ scrollLeft, scrollWidth, clientWidth })).toEqual({
      canScrollStart: start,
      canScrollEnd: end,
    });
  });
});
