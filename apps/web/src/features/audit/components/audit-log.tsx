import { useMutation, useQuery } from '@tanstack/react-query';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditQuery,
  DISPLAY_ID_OFFSET,
  displayPatientId,
} from '@vigil/domain';
import { Download, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { saveFile } from '@/lib/save-file.ts';
import { exportAuditCsv, getAuditEventsQueryOptions, verifyAudit } from '../api/audit.ts';
import { describeVerification } from '../lib/describe-verification.ts';
import { AuditTable } from './audit-table.tsx';

type Draft = { user: string; patientId: string; action: string; from: string; to: string };

const toInt = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);
/** The patient ID as shown on the record (345345001), or the record number (1). */
const toPatientId = (s: string) => {
  const n = toInt(s);
  return n !== undefined && n > DISPLAY_ID_OFFSET ? n - DISPLAY_ID_OFFSET : n;
};
const toIso = (s: string) => (s ? new Date(s).toISOString() : undefined);

function toQuery(d: Draft): AuditQuery {
  return {
    user: d.user.trim() || undefined,
    patientId: toPatientId(d.patientId),
    action: (d.action || undefined) as AuditAction | undefined,
    from: toIso(d.from),
    to: toIso(d.to),
  };
}

/** /audit: the trail with filters (user, patient, action, time), CSV export and chain verification. */
export function AuditLog({ canExport }: { canExport: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ user: '', patientId: '', action: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditQuery>({});
  const { data: events, error, isLoading } = useQuery(getAuditEventsQueryOptions(filter));
  const verify = useMutation({ mutationFn: verifyAudit });
  const exportCsv = useMutation({
    mutationFn: () => exportAuditCsv(filter),
    onSuccess: (csv) => saveFile(csv, 'vigil-audit.csv'),
  });
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="font-bold text-2xl tracking-tight">Audit trail</h1>
          <p className="text-muted-foreground text-sm">
            Who did what, and who has seen which record. Append-only.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={verify.isPending} onClick={() => verify.mutate()}>
            <ShieldCheck aria-hidden="true" />
            Verify chain
          </Button>
          {canExport && (
            <Button variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          )}
        </div>
      </header>
      {verify.data && (
        <p role="status" className={verify.data.ok ? 'text-sm' : 'font-medium text-destructive text-sm'}>
          {describeVerification(verify.data)}
        </p>
      )}
      {verify.error && <CardError what="the verification" error={verify.error} />}
      {exportCsv.error && <CardError what="the export" error={exportCsv.error} />}
      <Card>
        <CardHeader>
          <CardTitle>Filters</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
            onSubmit={(e) => {
              e.preventDefault();
              setFilter(toQuery(draft));
            }}
          >
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-user`}>User (name or id)</Label>
              <Input
                id={`${id}-user`}
                autoComplete="off"
                spellCheck={false}
                value={draft.user}
                onChange={set('user')}
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-patient`}>Patient ID</Label>
              <Input
                id={`${id}-patient`}
                inputMode="numeric"
                value={draft.patientId}
                onChange={set('patientId')}
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-action`}>Action</Label>
              <NativeSelect id={`${id}-action`} value={draft.action} onChange={set('action')}>
                <option value="">Any</option>
                {AUDIT_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input id={`${id}-from`} type="datetime-local" value={draft.from} onChange={set('from')} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input id={`${id}-to`} type="datetime-local" value={draft.to} onChange={set('to')} />
            </div>
            <div className="flex items-end gap-2">
              <Button type="submit">Apply</Button>
            </div>
          </form>
          {filter.patientId && (
            <p className="pt-3 text-sm">
              <Link className="underline" href={`/audit/patient/${filter.patientId}`}>
                Who has seen patient {displayPatientId(filter.patientId)}'s record
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-6">
          {isLoading && <CardLoading label="Loading the audit trail" />}
          {error && <CardError what="the audit trail" error={error} />}
          {events && events.length === 0 && <p className="text-muted-foreground text-sm">No events match.</p>}
          {events && events.length > 0 && <AuditTable events={events} caption="Audit events, newest first" />}
        </CardContent>
      </Card>
    </div>
  );
}
