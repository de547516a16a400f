import { useQuery } from '@tanstack/react-query';
import { ALERT_PRIORITY_LABELS, type Patient } from '@vigil/domain';
import { BellRing } from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { patientLabelOf } from '@/lib/patient-label.ts';
import { getAlertsQueryOptions } from '../api/alerts.ts';
import type { AlertsFilter } from '../api/query-keys.ts';
import { mineFirst } from '../lib/alert-display.ts';
import { AlertList } from './alert-list.tsx';
import { SoundControl } from './sound-control.tsx';

const STATES = [
  ['open', 'Open'],
  ['active', 'Active'],
  ['acknowledged', 'Acknowledged'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
] as const;

function Filter({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

/**
 * The ward's alerts, active and past: filters by state, priority, kind and patient; each
 * alert with its time to acknowledge, who acknowledged (and the note), escalations and the cause of
 * its resolution.
 */
export function AlertsOverview({
  canAcknowledge,
  patients,
  mine,
  ward,
}: {
  canAcknowledge: boolean;
  /** One of the person's wards (`?ward=`); undefined: all of hers. */
  ward?: number;
  /** The ward's patients (the screen's), for the patient filter and to name each alert's patient. */
  patients: readonly Patient[] | undefined;
  /** The patients assigned to this person this shift: their alerts first. */
  mine?: ReadonlySet<number> | null;
}) {
  const [filter, setFilter] = useState<AlertsFilter>({ state: 'open' });
  const { data: listed, error, isFetching } = useQuery(getAlertsQueryOptions({ ...filter, ward }));
  const alerts = useMemo(() => (listed && mine ? mineFirst(listed, mine) : listed), [listed, mine]);
  const now = useNow();
  const nameOf = useCallback((patientId: number) => patientLabelOf(patients, patientId), [patients]);
  const set = (key: keyof AlertsFilter, value: string) =>
    setFilter((f) => {
      const next: AlertsFilter = { ...f };
      if (value === '') delete next[key];
      else Object.assign(next, { [key]: key === 'patientId' ? Number(value) : value });
      return next;
    });

  return (
    <Card role="region" aria-labelledby="alerts-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="alerts-heading" className="flex items-center gap-2">
          <BellRing className="size-5 text-primary" aria-hidden="true" />
          Ward alerts
        </CardTitle>
        <SoundControl />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">Filters</legend>
          <Filter label="State" value={filter.state ?? 'open'} onChange={(v) => set('state', v)}>
            {STATES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Filter>
          <Filter label="Priority" value={filter.priority ?? ''} onChange={(v) => set('priority', v)}>
            <option value="">Any priority</option>
            {(['high', 'medium', 'low'] as const).map((p) => (
              <option key={p} value={p}>
                {ALERT_PRIORITY_LABELS[p]}
              </option>
            ))}
          </Filter>
          <Filter label="Kind" value={filter.kind ?? ''} onChange={(v) => set('kind', v)}>
            <option value="">Any kind</option>
            <option value="clinical">Clinical (NEWS2)</option>
            <option value="technical">Technical</option>
          </Filter>
          <Filter
            label="Patient"
            value={filter.patientId === undefined ? '' : String(filter.patientId)}
            onChange={(v) => set('patientId', v)}
          >
            <option value="">Every patient</option>
            {patients?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Filter>
        </fieldset>
        <div aria-busy={isFetching || undefined}>
          {alerts ? (
            <AlertList
              alerts={alerts}
              nameOf={nameOf}
              showPatient
              canAcknowledge={canAcknowledge}
              now={now}
              label="Alerts"
              emptyText="No alerts match these filters."
            />
          ) : error ? (
            <CardError what="alerts" error={error} />
          ) : (
            <CardLoading label="Loading alerts" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
