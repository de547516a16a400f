import { z } from 'zod';

/**
 * A device's battery as a reading or a device link reports it: a whole percentage, 0–100, or
 * nothing (null or absent: the device did not say).
 */
export const BatteryLevelInput = z
  .number('batteryLevel must be a number: 0–100 %')
  .int('batteryLevel must be a whole number: 0–100 %')
  .min(0, 'batteryLevel must be within 0–100 %')
  .max(100, 'batteryLevel must be within 0–100 %')
  .nullish();
