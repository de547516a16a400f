import type { Patient } from '@vigil/domain';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import {
  type ConditionFilter,
  DEFAULT_PATIENT_SORT,
  filterPatients,
  type PatientSort,
  parseConditionFilter,
  parsePatientSort,
  patientCountSummary,
  sortPatients,
} from '../lib/filter-patients.ts';

/**
 * The dashboard's condition filter and name search over the one cached patient list, and "My
 * patients" (`onlyIds`, the screen's) combined with them.
 * The condition lives in the URL (`/?condition=Critical`), so it survives opening a patient and
 * coming back; the search stays in memory, because a patient's name must not end up in a URL
 * (browser history, server logs).
 */
export function usePatientFilters(
  patients: readonly Patient[] | undefined,
  onlyIds: ReadonlySet<number> | null = null,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const condition = parseConditionFilter(searchParams.get('condition'));
  const sort = parsePatientSort(searchParams.get('sort'));
  const [search, setSearch] = useState('');

  const setSort = useCallback(
    (next: PatientSort) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === DEFAULT_PATIENT_SORT) params.delete('sort');
          else params.set('sort', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const setCondition = useCallback(
    (next: ConditionFilter) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === 'all') params.delete('condition');
          else params.set('condition', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // Typing and clicking stay instant; the grid (up to hundreds of cards) follows when React has time.
  // The list itself starts as undefined, so a big ward's first render of all its cards happens in the
  // background (interruptible) instead of one long task that freezes the page.
  const deferredPatients = useDeferredValue(patients, undefined);
  const deferredCondition = useDeferredValue(condition);
  const deferredSearch = useDeferredValue(search);
  const deferredSort = useDeferredValue(sort);
  const deferredOnlyIds = useDeferredValue(onlyIds);
  const isUpdating =
    deferredOnlyIds !== onlyIds ||
    deferredCondition !== condition ||
    deferredSort !== sort ||
    deferredSearch !== search ||
    (deferredPatients !== undefined && deferredPatients !== patients);

  const visible = useMemo(
    () =>
      deferredPatients
        ? sortPatients(
            filterPatients(deferredPatients, {
              condition: deferredCondition,
              search: deferredSearch,
              onlyIds: deferredOnlyIds,
            }),
            deferredSort,
          )
        : [],
    [deferredPatients, deferredCondition, deferredSearch, deferredSort, deferredOnlyIds],
  );
  const summary = useMemo(
    () => (deferredPatients ? patientCountSummary(deferredPatients, visible.length) : ''),
    [deferredPatients, visible.length],
  );

  return {
    /** False until the fetched list has been rendered once (show the loading state meanwhile). */
    isReady: deferredPatients !== undefined,
    condition,
    setCondition,
    sort,
    setSort,
    search,
    setSearch,
    /** The search the visible list reflects (lags `search` while the grid updates). */
    appliedSearch: deferredSearch,
    visible,
    summary,
    isUpdating,
  };
}
