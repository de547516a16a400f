import { Patient, type PatientListQuery, scopeSees, type WardScope } from '@vigil/domain';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { type Representation, represent } from '../../lib/representation.ts';
import { nextChangeMs, storedNews2, toPatient } from './mappers.ts';
import { matchesListQuery, type PatientRepository, type PatientRow } from './repository.ts';

/**
 * A patient as a derived answer reads the snapshot: what every patient's answer needs, and her
 * record as the API shapes it (built only for the patients the answer shows).
 */
export interface SnapshotPatient {
  id: number;
  wardId: number;
  news2: { total: number; redScore: boolean };
  patient: () => Patient;
}

/** Rendered answers kept at once (searches and records); past it they are rendered again. */
const ANSWERS_KEPT = 500;
const PatientList = z.array(Patient);

/**
 * The ward as last read (every patient, in ward order), with its answers rendered once each: the
 * list and its searches, and each record, as bytes with their ETag. Any change of a patient empties
 * it (`changed`: this instance's writes and every instance's patient events); an answer that time
 * alone changes (a value turning stale, an exception's review time) is rendered again when that
 * time comes. `maxAgeMs` bounds what a change no event announces (another instance's admission).
 */
export function createWardSnapshot(deps: {
  repo: Pick<PatientRepository, 'list'>;
  clock: Clock;
  maxAgeMs: number;
}) {
  const { repo, clock } = deps;
  let rows: PatientRow[] | null = null;
  let byId = new Map<number, PatientRow>();
  let readAt = 0;
  let loading: Promise<PatientRow[]> | null = null;
  /** Bumped by every change: a read that started before one is not kept. */
  let generation = 0;
  /** Each kept with the time it stops holding by its own inputs (a derived answer's; else Infinity). */
  const answers = new Map<string, Representation & { untilMs?: number }>();
  /** When the rendered answers stop holding by time alone (the earliest of the rows' changes). */
  let validUntilMs = Number.POSITIVE_INFINITY;

  async function current(): Promise<PatientRow[]> {
    if (rows && performance.now() - readAt < deps.maxAgeMs) return rows;
    if (!loading) {
      const started = generation;
      // One read however many requests wait for it.
      loading = repo.list({}).finally(() => {
        loading = null;
      });
      const read = await loading;
      if (started === generation) {
        rows = read;
        byId = new Map(read.map((r) => [r.id, r]));
        readAt = performance.now();
        answers.clear();
        validUntilMs = Number.NEGATIVE_INFINITY;
      }
      return read;
    }
    return loading;
  }

  /**
   * The rendered answer under `key`, rendered by `render` at `nowMs` unless time has moved past it.
   * Rows read before a change that came meanwhile (`from` is not the snapshot) answer this request
   * only.
   */
  function answer(from: PatientRow[], key: string, nowMs: number, render: () => string): Representation {
    if (from !== rows) return represent(render());
    holdTimes(nowMs);
    let found = answers.get(key);
    if (!found) {
      if (answers.size >= ANSWERS_KEPT) answers.clear();
      found = represent(render());
      answers.set(key, found);
    }
    return found;
  }

  /** Empties the rendered answers once time has moved past what they show (a value turning stale). */
  function holdTimes(nowMs: number) {
    if (nowMs < validUntilMs) return;
    answers.clear();
    validUntilMs = Number.POSITIVE_INFINITY;
    for (const row of rows ?? []) validUntilMs = Math.min(validUntilMs, nextChangeMs(row, nowMs));
  }

  return {
    /** The ward's patients matching `query`, in ward order (spec point 9), rendered. */
    /**
     * The patients of the wards a scope sees (every ward without one) matching `query`, in ward
     * order (spec point 9), rendered once per scope and query (decision 035).
     */
    async list(query: PatientListQuery, scope: WardScope | null = null): Promise<Representation> {
      const all = await current();
      const nowMs = clock.now().getTime();
      const wards = !scope || scope.all ? '*' : scope.wardIds.join(',');
      const key = `list|${wards}|${query.condition ?? ''}|${query.search ?? ''}`;
      return answer(all, key, nowMs, () =>
        JSON.stringify(
          PatientList.parse(
            all
              .filter((r) => (!scope || scopeSees(scope, r.wardId)) && matchesListQuery(r, query))
              .map((r) => toPatient(r, nowMs)),
          ),
        ),
      );
    },

    /** The patients of a ward (or of all wards), in ward order, as the API shapes them (the board, handover drafts). */
    async patients(wardId: number | null = null): Promise<Patient[]> {
      const nowMs = clock.now().getTime();
      return (await current())
        .filter((r) => wardId === null || r.wardId === wardId)
        .map((r) => toPatient(r, nowMs));
    },

    /** One patient's record, rendered; null when the ward has no such patient. */
    async get(id: number): Promise<Representation | null> {
      const all = await current();
      const row = all === rows ? byId.get(id) : all.find((r) => r.id === id);
      if (!row) return null;
      const nowMs = clock.now().getTime();
      return answer(all, `patient|${id}`, nowMs, () => JSON.stringify(Patient.parse(toPatient(row, nowMs))));
    },

    /**
     * An answer derived from every patient of the hospital and what else its caller holds (the
     * outreach list, decision 035), rendered once and kept with the others under `key`: until the
     * ward changes, as they are; until the caller's other inputs change ({@link forget}); and until
     * `untilMs`, the first time after `nowMs` at which `render` would answer otherwise by time alone
     * (`untilMs` ≤ `nowMs`: not kept, rendered again next time).
     */
    async derived(
      key: string,
      render: (patients: SnapshotPatient[], nowMs: number) => Promise<{ json: string; untilMs: number }>,
    ): Promise<Representation> {
      const all = await current();
      const nowMs = clock.now().getTime();
      const name = `derived|${key}`;
      if (all === rows) {
        holdTimes(nowMs);
        const found = answers.get(name);
        if (found && (found.untilMs === undefined || nowMs < found.untilMs)) return found;
      }
      const out = await render(
        all.map((r) => ({
          id: r.id,
          wardId: r.wardId,
          news2: storedNews2(r),
          patient: () => toPatient(r, nowMs),
        })),
        nowMs,
      );
      const rendered = { ...represent(out.json), untilMs: out.untilMs };
      // Kept unless the ward changed while it rendered, or its own inputs did (untilMs ≤ nowMs).
      if (all === rows && out.untilMs > nowMs) {
        if (answers.size >= ANSWERS_KEPT) answers.clear();
        answers.set(name, rendered);
      }
      return rendered;
    },

    /** What else a derived answer read changed: it is rendered again next time. */
    forget(key: string) {
      answers.delete(`derived|${key}`);
    },

    /** A patient changed (or was admitted): the next answer reads the ward again. */
    changed() {
      generation++;
      rows = null;
      byId = new Map();
      answers.clear();
    },
  };
}

export type WardSnapshot = ReturnType<typeof createWardSnapshot>;
