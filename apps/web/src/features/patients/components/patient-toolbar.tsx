import { Search } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useScrollHint } from '@/hooks/use-scroll-hint.ts';
import { cn } from '@/lib/utils.ts';
import {
  CONDITION_FILTERS,
  type ConditionFilter,
  isWholeWard,
  PATIENT_SORTS,
  type PatientSort,
  parsePatientSort,
} from '../lib/filter-patients.ts';
import { AdmitPatientButton } from './admit-patient-button.tsx';

interface PatientToolbarProps {
  condition: ConditionFilter;
  onConditionChange: (condition: ConditionFilter) => void;
  sort: PatientSort;
  onSortChange: (sort: PatientSort) => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** "My patients" (the dashboard's): shown after the condition filters, combined with them. */
  mine?: { isOn: boolean; onChange: (isOn: boolean) => void };
}

const CHIP = 'h-8 shrink-0 px-3 sm:h-10 sm:px-4';

/**
 * The filter buttons (spec point 2: clicking one sets the filter), the name search and "Admit
 * patient". "My patients" combines with a condition, and both show pressed; "All Patients" is pressed
 * only when neither filters, and one click on it returns to the whole ward.
 */
export function PatientToolbar({
  condition,
  onConditionChange,
  sort,
  onSortChange,
  search,
  onSearchChange,
  mine,
}: PatientToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  const chipsRef = useRef<HTMLFieldSetElement>(null);
  const hint = useScrollHint(chipsRef);
  const isMine = mine?.isOn ?? false;
  const choose = (value: ConditionFilter) => {
    onConditionChange(value);
    if (value === 'all' && isMine) mine?.onChange(false);
  };
  return (
    // One wrapping row of parts, ordered per width. On a phone: the filters as one row of small buttons
    // that scrolls sideways, then the search beside "Admit", then the sort, so the first patient card
    // and its vital signs are within the first screen. Wider: the filters beside "Admit patient", then
    // the search and the sort. Nothing is cut: the sort select is as wide as its longest choice and
    // moves to its own line rather than clip it.
    <div className="flex flex-wrap items-center gap-2 sm:gap-3">
      {/* On a phone the chips scroll sideways in one row; a fade on the side with more says so. */}
      <div className="relative order-1 -mx-4 -my-1 flex min-w-0 basis-[calc(100%+2rem)] sm:m-0 sm:flex-1 sm:basis-0">
        <fieldset
          ref={chipsRef}
          data-more-start={hint.canScrollStart || undefined}
          data-more-end={hint.canScrollEnd || undefined}
          className="flex min-w-0 flex-1 gap-1.5 overflow-x-auto px-4 py-1 sm:flex-wrap sm:gap-2 sm:overflow-visible sm:p-0"
        >
          <legend className="sr-only">Filter patients</legend>
          {CONDITION_FILTERS.map(({ value, label }) => {
            const isPressed = value === 'all' ? isWholeWard(condition, isMine) : value === condition;
            return (
              <Button
                key={value}
                variant={isPressed ? 'default' : 'outline'}
                aria-pressed={isPressed}
                onClick={() => choose(value)}
                className={CHIP}
              >
                {label}
              </Button>
            );
          })}
          {mine && (
            <Button
              variant={isMine ? 'default' : 'outline'}
              aria-pressed={isMine}
              onClick={() => mine.onChange(!isMine)}
              className={CHIP}
            >
              My patients
            </Button>
          )}
        </fieldset>
        <ScrollFade side="start" isShown={hint.canScrollStart} />
        <ScrollFade side="end" isShown={hint.canScrollEnd} />
      </div>
      <div className="order-3 sm:order-2 sm:self-start">
        <AdmitPatientButton />
      </div>
      {/* From 640 px the search and sort start a line of their own. */}
      <div aria-hidden="true" className="hidden basis-full sm:order-2 sm:block" />
      <div className="relative order-2 min-w-0 flex-1 basis-40 sm:order-3 sm:max-w-sm">
        <Label htmlFor={searchId} className="sr-only">
          Search patients
        </Label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search by name or ID"
          autoComplete="off"
          spellCheck={false}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9"
        />
      </div>
      <div className="order-4 flex shrink-0 items-center gap-2">
        <Label htmlFor={sortId} className="shrink-0 text-muted-foreground">
          Sort by
        </Label>
        <NativeSelect
          id={sortId}
          value={sort}
          onChange={(event) => onSortChange(parsePatientSort(event.target.value))}
          className="min-w-60"
        >
          {PATIENT_SORTS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** The edge of the chip row that has more beyond it: a fade and an arrow, seen, not read. */
function ScrollFade({ side, isShown }: { side: 'start' | 'end'; isShown: boolean }) {
  if (!isShown) return null;
  return (
    <div
      aria-hidden="true"
      data-scroll-fade={side}
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-10 items-center from-background via-background/90 to-transparent text-muted-foreground sm:hidden',
        side === 'end'
          ? 'right-0 justify-end bg-gradient-to-l pr-1'
          : 'left-0 justify-start bg-gradient-to-r pl-1',
      )}
    >
      <span className="text-lg leading-none">{side === 'end' ? '›' : '‹'}</span>
    </div>
  );
}
