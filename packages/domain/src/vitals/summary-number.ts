import type { ReadingMeasurement } from './catalogue.ts';

/**
 * A measurement as one number, for summaries that keep a minimum, a maximum and a last value
 * (per-minute summaries, trend buckets; decision 029): a number as stored (temperature in tenths of
 * °F), a choice by its index among the catalogue's choices (ACVPU: A 0 … U 4, so the maximum is the
 * least alert), yes or no as 1 or 0 (air 0, oxygen 1: the maximum says oxygen was given).
 */
export function summaryNumber(vital: ReadingMeasurement, value: unknown): number | null {
  if (value === null || value === undefined) return null;
  switch (vital.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'choice': {
      const index = vital.choices.findIndex((c) => c.value === value);
      return index < 0 ? null : index;
    }
    case 'boolean':
      return value === true ? 1 : value === false ? 0 : null;
  }
}

/** The measurement a {@link summaryNumber} stands for. */
export function fromSummaryNumber(
  vital: ReadingMeasurement,
  n: number | null,
): number | string | boolean | null {
  if (n === null) return null;
  switch (vital.kind) {
    case 'number':
      return n;
    case 'choice':
      return vital.choices[Math.round(n)]?.value ?? null;
    case 'boolean':
      return n >= 0.5;
  }
}
