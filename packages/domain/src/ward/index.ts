export * from './board.ts';
export * from './handover.ts';
export * from './layout.ts';
export * from './shifts.ts';
export * from './ward-board.ts';
export * from './wards.ts';
export { isTimeZone, zonedClock, zonedDate } from './zoned-time.ts';
