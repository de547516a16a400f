import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { BellRing } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import { CardError, CardLoading, CardStale } from '@/components/card-states/card-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { getAlertsQueryOptions } from '../api/alerts.ts';
import { AlertList } from './alert-list.tsx';

/** The record's alert history: every alert of this patient, newest first (the last 50). */
export function PatientAlertHistory({
  patient,
  canAcknowledge,
}: {
  patient: Patient;
  canAcknowledge: boolean;
}) {
  const { data: alerts, error } = useQuery(
    getAlertsQueryOptions({ state: 'all', patientId: patient.id, limit: 50 }),
  );
  const now = useNow();
  const nameOf = useCallback(() => patient.name, [patient.name]);
  return (
    <Card role="region" aria-labelledby="patient-alerts-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="patient-alerts-heading" className="flex items-center gap-2">
          <BellRing className="size-5 text-primary" aria-hidden="true" />
          Alert history
        </CardTitle>
        <Link href="/alerts" className="text-primary text-sm underline underline-offset-2">
          Ward alerts
        </Link>
      </CardHeader>
      <CardContent>
        {alerts && error && <CardStale what="the alert history" error={error} />}
        {alerts ? (
          <AlertList
            alerts={alerts}
            nameOf={nameOf}
            showPatient={false}
            canAcknowledge={canAcknowledge}
            now={now}
            label={`Alerts of ${patient.name}`}
            emptyText="No alerts for this patient."
          />
        ) : error ? (
          <CardError what="the alert history" error={error} />
        ) : (
          <CardLoading label="Loading the alert history" />
        )}
      </CardContent>
    </Card>
  );
}
