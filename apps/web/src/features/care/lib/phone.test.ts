import { describe, expect, it } from 'vitest';
import { telHref } from './phone.ts';

describe('telHref', () => {
  it.each([
    ['+44 20 7946 0123', 'tel:+442079460123'],
    [' +44 (0)7700 900-100 ', 'tel:+4407700900100'],
    ['020 7946 0123', 'tel:02079460123'],
    ['+1-202-555-0143', 'tel:+12025550143'],
  ])('%s → %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
