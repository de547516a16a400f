import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { CircleAlert, LoaderCircle, SearchX } from 'lucide-react';
import { type ComponentProps, memo, type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';
import { getPatientsQueryOptions } from '../api/get-patients.ts';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { usePatientFilters } from '../hooks/use-patient-filters.ts';
import { PatientCard } from './patient-card.tsx';
import { PatientToolbar } from './patient-toolbar.tsx';

function LoadingState() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
      <p>Loading patient data...</p>
    </div>
  );
}

function ErrorState({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-card px-6 py-12 text-center"
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
      <p className="font-semibold text-lg">Error loading patient data</p>
      <p className="max-w-md text-muted-foreground">
        Please try refreshing the page or contact support if the issue persists.
      </p>
      <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
        {isRetrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}

function EmptyState({
  search,
  onClearSearch,
  mine,
}: {
  search: string;
  onClearSearch: () => void;
  /** Under "My patients": whether any patient is assigned to this person, and the way back to the ward. */
  mine: { hasAny: boolean; onShowAll: () => void } | null;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <SearchX className="size-8 text-muted-foreground" aria-hidden="true" />
      {mine && !mine.hasAny ? (
        <>
          <p className="text-muted-foreground">No patients are assigned to you this shift.</p>
          <Button variant="outline" onClick={mine.onShowAll}>
            Show all patients
          </Button>
        </>
      ) : search ? (
        <>
          <p className="text-muted-foreground">No patients found matching “{search}”.</p>
          <Button variant="outline" onClick={onClearSearch}>
            Clear search
          </Button>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">No patients found with the selected condition.</p>
          {mine && (
            <Button variant="outline" onClick={mine.onShowAll}>
              Show all patients
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** Cards drawn in full at once, wherever the page is scrolled: enough to fill a large screen. */
const FIRST_CARDS = 24;

/**
 * A card of the grid: in full among the first cards and once it comes near the viewport; until then
 * as text (PatientCard's `isSummary`), so a ward of hundreds draws in a moment and stays complete for
 * find-in-page and screen readers.
 */
const GridCard = memo(function GridCard({
  patient,
  renderAnalysis,
  isFirstScreen,
}: {
  patient: Patient;
  renderAnalysis: ComponentProps<typeof PatientCard>['renderAnalysis'];
  isFirstScreen: boolean;
}) {
  const [isNear, nearRef] = useNearViewport();
  const isSummary = !isFirstScreen && !isNear;
  return (
    <PatientCard
      patient={patient}
      renderAnalysis={renderAnalysis}
      isSummary={isSummary}
      ref={isSummary ? nearRef : undefined}
    />
  );
});

/**
 * The ward: filters, name search, count, and a grid of patient cards (spec point 2): 1 column on
 * small screens, 2 from md, 3 from xl. Filtering runs over the one cached list, in the server's
 * order (Critical first, then oxygen level descending) or, when chosen, by NEWS2.
 */
export function PatientGrid({
  renderAnalysis,
  mine,
}: {
  renderAnalysis: ComponentProps<typeof PatientCard>['renderAnalysis'];
  /**
   * "My patients" (the screen's: the nurse's assignments this shift), combined with the condition
   * filters: whether it is on, the ids (null while not known: the whole ward shows), and its toggle.
   */
  mine?: { isOn: boolean; ids: ReadonlySet<number> | null; onChange: (isOn: boolean) => void };
}) {
  const headingId = useId();
  const patientsQuery = useQuery(getPatientsQueryOptions());
  const onlyIds = mine?.isOn ? mine.ids : null;
  const filters = usePatientFilters(patientsQuery.data, onlyIds);
  const showAll = () => {
    filters.setCondition('all');
    mine?.onChange(false);
  };

  let content: ReactNode;
  if (patientsQuery.isError && !patientsQuery.data) {
    content = (
      <ErrorState onRetry={() => void patientsQuery.refetch()} isRetrying={patientsQuery.isFetching} />
    );
  } else if (patientsQuery.isPending || !filters.isReady) {
    content = <LoadingState />;
  } else {
    content = (
      <>
        {patientsQuery.isError && (
          <p role="alert" className="flex items-center gap-2 text-destructive text-sm">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            Could not refresh the patient list; showing the last one loaded.
          </p>
        )}
        <p role="status" className="text-muted-foreground text-sm">
          {filters.summary}
        </p>
        {filters.visible.length === 0 ? (
          <EmptyState
            search={filters.appliedSearch.trim()}
            onClearSearch={() => filters.setSearch('')}
            mine={onlyIds ? { hasAny: onlyIds.size > 0, onShowAll: showAll } : null}
          />
        ) : (
          <ul
            aria-labelledby={headingId}
            aria-busy={filters.isUpdating || undefined}
            className={cn(
              'grid grid-cols-1 gap-4 transition-opacity md:grid-cols-2 xl:grid-cols-3',
              filters.isUpdating && 'opacity-70',
            )}
          >
            {filters.visible.map((patient, i) => (
              <GridCard
                key={patient.id}
                patient={patient}
                renderAnalysis={renderAnalysis}
                isFirstScreen={i < FIRST_CARDS}
              />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 sm:gap-4">
      <h2 id={headingId} className="sr-only">
        Patients
      </h2>
      <PatientToolbar
        condition={filters.condition}
        onConditionChange={filters.setCondition}
        sort={filters.sort}
        onSortChange={filters.setSort}
        search={filters.search}
        onSearchChange={filters.setSearch}
        mine={mine && { isOn: mine.isOn, onChange: mine.onChange }}
      />
      {content}
    </section>
  );
}
