import { Search } from 'lucide-react';
import { useId } from 'react';
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
}

/** The filter buttons (spec point 2: clicking one sets the filter), the name search and "Admit patient". */
export function PatientToolbar({
  condition,
  onConditionChange,
  sort,
  onSortChange,
  search,
  onSearchChange,
}: PatientToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <fieldset className="flex min-w-0 flex-wrap gap-2">
          <legend className="sr-only">Filter by condition</legend>
          {CONDITION_FILTERS.map(({ value, label }) => {
            const isPressed = value === condition;
            return (
              <Button
                key={value}
                variant={isPressed ? 'default' : 'outline'}
                aria-pressed={isPressed}
                onClick={() => onConditionChange(value)}
              >
                {label}
              </Button>
            );
          })}
        </fieldset>
        <AdmitPatientButton />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative w-full sm:max-w-sm">
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
        <div className="flex items-center gap-2">
          <Label htmlFor={sortId} className="shrink-0 text-muted-foreground">
            Sort by
          </Label>
          <NativeSelect
            id={sortId}
            value={sort}
            onChange={(event) => onSortChange(parsePatientSort(event.target.value))}
            className="w-60 max-w-full"
          >
            {PATIENT_SORTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </div>
  );
}
