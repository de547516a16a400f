import { randomUUID } from 'node:crypto';
import type {
  ScoreState,
  WhoopBodyMeasurement,
  WhoopCycle,
  WhoopCycleScore,
  WhoopProfile,
  WhoopRecovery,
  WhoopRecoveryScore,
  WhoopSleep,
  WhoopWorkout,
  WhoopWorkoutScore,
} from './whoop-records.ts';

/** One WHOOP member's data. The arrays and records are the world's own: change them in place. */
export interface WhoopUser {
  profile: WhoopProfile;
  body: WhoopBodyMeasurement;
  cycles: WhoopCycle[];
  sleeps: WhoopSleep[];
  recoveries: WhoopRecovery[];
  workouts: WhoopWorkout[];
}

export interface RecoveryInput {
  /** Falling asleep starts the cycle; default 24 h after the user's latest cycle, else 8 h ago. */
  sleepStart?: Date;
  sleepDurationMs?: number;
  /** SCORED by default; other states carry no score, as at WHOOP. */
  scoreState?: ScoreState;
  score?: Partial<WhoopRecoveryScore>;
  cycleScore?: Partial<WhoopCycleScore>;
}

export interface WorkoutInput {
  start?: Date;
  durationMs?: number;
  sportName?: string;
  score?: Partial<WhoopWorkoutScore>;
}

const HOUR_MS = 3_600_000;
const TIMEZONE_OFFSET = '+00:00';
const iso = (date: Date) => date.toISOString();

/** The mutable in-memory WHOOP the API emulator serves from. */
export function createWhoopWorld(now: () => Date = () => new Date()) {
  const users = new Map<number, WhoopUser>();
  let nextUserId = 10129;
  let nextCycleId = 93845;

  function user(userId: number): WhoopUser {
    const found = users.get(userId);
    if (!found) throw new Error(`the WHOOP world has no user ${userId}`);
    return found;
  }

  function addUser(input: { userId?: number; profile?: Partial<WhoopProfile> } = {}): WhoopUser {
    const userId = input.userId ?? nextUserId;
    nextUserId = Math.max(nextUserId, userId) + 1;
    const created: WhoopUser = {
      profile: {
        user_id: userId,
        email: `member${userId}@example.com`,
        first_name: 'Alex',
        last_name: 'Rivera',
      },
      body: { height_meter: 1.78, weight_kilogram: 74.2, max_heart_rate: 192 },
      cycles: [],
      sleeps: [],
      recoveries: [],
      workouts: [],
    };
    Object.assign(created.profile, input.profile);
    users.set(userId, created);
    return created;
  }

  /** A night of sleep that opens a new cycle and the recovery scored from it (closing the previous cycle). */
  function addRecovery(userId: number, input: RecoveryInput = {}) {
    const member = user(userId);
    const latest = member.cycles.at(-1);
    const start =
      input.sleepStart ??
      (latest ? new Date(Date.parse(latest.start) + 24 * HOUR_MS) : new Date(now().getTime() - 8 * HOUR_MS));
    const sleepEnd = new Date(start.getTime() + (input.sleepDurationMs ?? 7.5 * HOUR_MS));
    const scoredAt = iso(new Date(sleepEnd.getTime() + 5 * 60_000));
    const scoreState = input.scoreState ?? 'SCORED';
    for (const open of member.cycles.filter((cycle) => cycle.end === null)) {
      open.end = iso(start);
      open.updated_at = iso(start);
    }

    const cycle: WhoopCycle = {
      id: nextCycleId++,
      user_id: userId,
      created_at: iso(start),
      updated_at: scoredAt,
      start: iso(start),
      end: null,
      timezone_offset: TIMEZONE_OFFSET,
      score_state: 'SCORED',
      score: {
        strain: 9.4,
        kilojoule: 8288.3,
        average_heart_rate: 68,
        max_heart_rate: 141,
        ...input.cycleScore,
      },
    };
    const sleep: WhoopSleep = {
      id: randomUUID(),
      cycle_id: cycle.id,
      user_id: userId,
      created_at: iso(sleepEnd),
      updated_at: scoredAt,
      start: iso(start),
      end: iso(sleepEnd),
      timezone_offset: TIMEZONE_OFFSET,
      nap: false,
      score_state: scoreState === 'PENDING_SCORE' ? 'PENDING_SCORE' : 'SCORED',
      ...(scoreState === 'PENDING_SCORE' ? {} : { score: sleepScore(sleepEnd.getTime() - start.getTime()) }),
    };
    const recovery: WhoopRecovery = {
      cycle_id: cycle.id,
      sleep_id: sleep.id,
      user_id: userId,
      created_at: scoredAt,
      updated_at: scoredAt,
      score_state: scoreState,
      ...(scoreState === 'SCORED' ? { score: recoveryScore(input.score) } : {}),
    };
    member.cycles.push(cycle);
    member.sleeps.push(sleep);
    member.recoveries.push(recovery);
    return { cycle, sleep, recovery };
  }

  function addWorkout(userId: number, input: WorkoutInput = {}): WhoopWorkout {
    const start = input.start ?? new Date(now().getTime() - 2 * HOUR_MS);
    const end = new Date(start.getTime() + (input.durationMs ?? HOUR_MS));
    const workout: WhoopWorkout = {
      id: randomUUID(),
      user_id: userId,
      created_at: iso(end),
      updated_at: iso(end),
      start: iso(start),
      end: iso(end),
      timezone_offset: TIMEZONE_OFFSET,
      sport_name: input.sportName ?? 'running',
      score_state: 'SCORED',
      score: workoutScore(input.score),
    };
    user(userId).workouts.push(workout);
    return workout;
  }

  return { users, user, addUser, addRecovery, addWorkout };
}

export type WhoopWorld = ReturnType<typeof createWhoopWorld>;

function recoveryScore(overrides: Partial<WhoopRecoveryScore> = {}): WhoopRecoveryScore {
  return {
    user_calibrating: false,
    recovery_score: 64,
    resting_heart_rate: 52,
    hrv_rmssd_milli: 48.3,
    spo2_percentage: 96.4,
    skin_temp_celsius: 33.7,
    ...overrides,
  };
}

function sleepScore(inBedMs: number): NonNullable<WhoopSleep['score']> {
  const awakeMs = Math.round(inBedMs * 0.08);
  const asleepMs = inBedMs - awakeMs;
  return {
    stage_summary: {
      total_in_bed_time_milli: inBedMs,
      total_awake_time_milli: awakeMs,
      total_no_data_time_milli: 0,
      total_light_sleep_time_milli: Math.round(asleepMs * 0.5),
      total_slow_wave_sleep_time_milli: Math.round(asleepMs * 0.25),
      total_rem_sleep_time_milli: asleepMs - Math.round(asleepMs * 0.5) - Math.round(asleepMs * 0.25),
      sleep_cycle_count: 4,
      disturbance_count: 9,
    },
    sleep_needed: {
      baseline_milli: 27_800_000,
      need_from_sleep_debt_milli: 1_200_000,
      need_from_recent_strain_milli: 600_000,
      need_from_recent_nap_milli: 0,
    },
    respiratory_rate: 15.2,
    sleep_performance_percentage: 91,
    sleep_consistency_percentage: 84,
    sleep_efficiency_percentage: 92.1,
  };
}

function workoutScore(overrides: Partial<WhoopWorkoutScore> = {}): WhoopWorkoutScore {
  return {
    strain: 11.8,
    average_heart_rate: 143,
    max_heart_rate: 176,
    kilojoule: 2600.4,
    percent_recorded: 100,
    distance_meter: 8040.2,
    altitude_gain_meter: 46.1,
    altitude_change_meter: 0.4,
    zone_durations: {
      zone_zero_milli: 60_000,
      zone_one_milli: 240_000,
      zone_two_milli: 900_000,
      zone_three_milli: 1_500_000,
      zone_four_milli: 780_000,
      zone_five_milli: 120_000,
    },
    ...overrides,
  };
}
