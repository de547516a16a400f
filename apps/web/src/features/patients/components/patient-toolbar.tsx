import { Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import {
  CONDITION_FILTERS,
  type ConditionFilter,
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
  /** A filter the screen adds after the condition filters ("My patients" on the dashboard). */
  extraFilter?: ReactNode;
}

/** The filter buttons (spec point 2: clicking one sets the filter), the name search and "Admit patient". */
export function PatientToolbar({
  condition,
  onConditionChange,
  sort,
  onSortChange,
  search,
  onSearchChange,
  extraFilter,
}: PatientToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  return (
    // One wrapping row of parts, ordered per width. On a phone: the filters as one row of small buttons
    // that scrolls sideways, then the search beside "Admit", then the sort, so the first patient card
    // and its vital signs are within the first screen. Wider: the filters beside "Admit patient", then
    // the search and the sort. Nothing is cut: the sort select is as wide as its longest choice and
    // moves to its own line rather than clip it.
    <div className="flex flex-wrap items-center gap-2 sm:gap-3">
      <fieldset className="-mx-4 -my-1 order-1 flex min-w-0 basis-[calc(100%+2rem)] gap-1.5 overflow-x-auto px-4 py-1 sm:m-0 sm:flex-1 sm:basis-0 sm:flex-wrap sm:gap-2 sm:overflow-visible sm:p-0">
        <legend className="sr-only">Filter patients</legend>
        {CONDITION_FILTERS.map(({ value, label }) => {
          const isPressed = value === condition;
          return (
            <Button
              key={value}
              variant={isPressed ? 'default' : 'outline'}
              aria-pressed={isPressed}
              onClick={() => onConditionChange(value)}
              className="h-8 px-3 sm:h-10 sm:px-4"
            >
              {label}
            </Button>
          );
        })}
        {extraFilter}
      </fieldset>
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
