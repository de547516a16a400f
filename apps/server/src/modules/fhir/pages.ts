import type { Observation, Provenance } from 'fhir/r4';
import { observationsOfReading, toFhirProvenance } from './mappers.ts';
import type { FhirReadingRow, FhirRepository, ReadingFilter } from './repository.ts';
import type { ObservationCursor, SortOrder } from './search.ts';

/**
 * Pages of what readings become, from a cursor: Observations (searches, $everything, exports) and
 * Provenance. A page reads a few hundred readings at a time and holds one page, never a whole answer.
 */
export const spo2ScaleOf = (row: FhirReadingRow): 1 | 2 => (row.spo2Scale === 2 ? 2 : 1);

/**
 * The Observations of readings in order, from a cursor, skipping kinds not asked for; it stops
 * mapping once it holds `max` (the rest of the readings are read again for the next page).
 */
function flatten(
  rows: FhirReadingRow[],
  filter: ReadingFilter,
  cursor: ObservationCursor | undefined,
  max: number,
) {
  const out: { observation: Observation; row: FhirReadingRow; index: number }[] = [];
  const inCategories = (o: Observation) =>
    (filter.categories ?? []).every((alternatives) =>
      o.category?.some((c) => c.coding?.some((k) => alternatives.includes(k.code ?? ''))),
    );
  const inStatuses = (o: Observation) => !filter.statuses || filter.statuses.includes(o.status);
  for (const row of rows) {
    if (out.length >= max) break;
    const observations = observationsOfReading(row, spo2ScaleOf(row)).filter(
      (o) => filter.kinds.has(o.id!.slice(String(row.id).length + 1)) && inCategories(o) && inStatuses(o),
    );
    observations.forEach((observation, index) => {
      if (cursor && row.id === cursor.readingId && index < cursor.skip) return;
      out.push({ observation, row, index });
    });
  }
  return out;
}

export function createReadingPages(repo: Pick<FhirRepository, 'readings'>) {
  /** Observations of the filter, one page: at most `count`, and the cursor of the next page. */
  async function observationPage(
    filter: ReadingFilter,
    order: SortOrder,
    cursor: ObservationCursor | undefined,
    count: number,
  ): Promise<{ observations: Observation[]; next?: ObservationCursor }> {
    const taken: ReturnType<typeof flatten> = [];
    let from = cursor;
    // A reading may give no Observation of the kinds asked (a simulated one gives none): read on.
    // Readings are read a few hundred at a time: mapping them is work the event loop does at once.
    // About two Observations a reading (a device's stream); a page short of them reads on.
    const batch = Math.min(Math.max(Math.ceil((count + 1) / 2), 50), 250);
    for (;;) {
      const rows = await repo.readings(filter, order, from, batch);
      const flat = flatten(rows, filter, from, count + 1 - taken.length);
      taken.push(...flat);
      if (taken.length > count || rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      // Past the last reading read: a cursor that skips all of its Observations.
      from = { time: last.readingTimeUs, readingId: last.id, skip: 99 };
    }
    const page = taken.slice(0, count);
    const following = taken[count];
    return {
      observations: page.map((t) => t.observation),
      ...(following
        ? {
            next: {
              time: following.row.readingTimeUs,
              readingId: following.row.id,
              skip: following.index,
            },
          }
        : {}),
    };
  }

  /** The Provenance of readings in time order after `cursor` (its reading id is past): one page. */
  async function provenancePage(
    filter: ReadingFilter,
    cursor: ObservationCursor | undefined,
    count: number,
  ): Promise<{ provenance: Provenance[]; next?: ObservationCursor }> {
    const provenance: Provenance[] = [];
    let from = cursor;
    for (;;) {
      // A page reads after its cursor, no more than the page still holds.
      const batch = Math.min(count - provenance.length, 250);
      const rows = await repo.readings(filter, 'asc', from, batch, { after: true });
      for (const row of rows) {
        const resource = toFhirProvenance(row, spo2ScaleOf(row));
        if (resource) provenance.push(resource);
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) return { provenance };
      from = { time: last.readingTimeUs, readingId: last.id, skip: 0 };
      if (provenance.length >= count) return { provenance, next: from };
    }
  }

  return { observationPage, provenancePage };
}
