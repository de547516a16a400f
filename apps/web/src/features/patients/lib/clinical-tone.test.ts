import { NEWS2_BANDS } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { news2BandTone, news2Label } from './clinical-tone.ts';

describe('news2BandTone', () => {
  it.each([
    ['low', 'green'],
    ['low-medium', 'yellow'],
    ['medium', 'orange'],
    ['high', 'red'],
  ] as const)('%s → %s', (band, tone) => {
    expect(news2BandTone(band)).toBe(tone);
  });

  it('gives every band a distinct tone', () => {
    expect(new Set(NEWS2_BANDS.map(news2BandTone)).size).toBe(NEWS2_BANDS.length);
  });
});

describe('news2Label', () => {
  it('prints total and band', () => {
    expect(news2Label({ total: 7, band: 'high', complete: true })).toBe('NEWS2 7 · high');
    expect(news2Label({ total: 3, band: 'low-medium', complete: true })).toBe('NEWS2 3 · low–medium');
  });

  it('marks an incomplete score as a minimum', () => {
    expect(news2Label({ total: 2, band: 'low', complete: false })).toBe('NEWS2 ≥2 · low');
  });
});
