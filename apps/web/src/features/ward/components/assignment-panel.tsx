import { useQuery } from '@tanstack/react-query';
import type { Patient } from '@vigil/domain';
import { useId, useState } from 'react';
import { CardLoading, CardReadProblem } from '@/components/card-states/card-states.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { patientLabel } from '@/lib/patient-label.ts';
import { getAssignmentsQueryOptions, getWardStaffQueryOptions, useAssignNurse } from '../api/ward.ts';
import { useBoardWard } from '../lib/ward-context.ts';

type ShiftChoice = 'current' | 'next';
const SHIFT_CHOICES: { value: ShiftChoice; label: string }[] = [
  { value: 'current', label: 'This shift' },
  { value: 'next', label: 'Next shift' },
];

function AssignRow({
  patient,
  shift,
  nurseId,
}: {
  patient: Patient;
  shift: { choice: ShiftChoice; key: string };
  nurseId: number | null;
}) {
  const id = useId();
  const ward = useBoardWard();
  const staff = useQuery(getWardStaffQueryOptions(ward));
  const assign = useAssignNurse(shift.choice, ward);
  return (
    <li className="grid items-center gap-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:gap-3">
      <label htmlFor={id} className="font-medium text-sm">
        {patientLabel(patient)}
      </label>
      <NativeSelect
        id={id}
        value={nurseId === null ? '' : String(nurseId)}
        disabled={assign.isPending || !staff.data}
        onChange={(event) =>
          assign.mutate({
            shiftKey: shift.key,
            patientId: patient.id,
            nurseId: event.target.value === '' ? null : Number(event.target.value),
          })
        }
      >
        <option value="">No nurse</option>
        {staff.data?.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name} ({member.role.replace('_', ' ')})
          </option>
        ))}
      </NativeSelect>
      {assign.error && (
        <p role="alert" className="text-destructive text-sm sm:col-span-2">
          Could not assign: {describeError(assign.error)}
        </p>
      )}
    </li>
  );
}

/** The nurse in charge chooses who looks after each patient this shift or the next (ward:assign). */
export function AssignmentPanel({ patients }: { patients: readonly Patient[] }) {
  const [choice, setChoice] = useState<ShiftChoice>('current');
  const assignments = useQuery(getAssignmentsQueryOptions(choice, useBoardWard()));
  const data = assignments.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Assign nurses</CardTitle>
        <CardDescription>
          {data
            ? `${data.shift.name} shift, ${formatDateTime(data.shift.startsAt)} to ${formatDateTime(data.shift.endsAt)}`
            : 'Who looks after each patient during a shift.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <fieldset className="flex gap-2">
          <legend className="sr-only">Shift to assign</legend>
          {SHIFT_CHOICES.map(({ value, label }) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={choice === value ? 'default' : 'outline'}
              aria-pressed={choice === value}
              onClick={() => setChoice(value)}
            >
              {label}
            </Button>
          ))}
        </fieldset>
        {assignments.isPending && <CardLoading label="Loading assignments" />}
        <CardReadProblem what="the assignments" error={assignments.error} hasData={data !== undefined} />
        {data && patients.length === 0 && (
          <p className="text-muted-foreground text-sm">No patients on the ward.</p>
        )}
        {data && (
          <ul className="flex flex-col gap-3">
            {patients.map((patient) => (
              <AssignRow
                key={patient.id}
                patient={patient}
                shift={{ choice, key: data.shift.key }}
                nurseId={data.assignments.find((a) => a.patientId === patient.id)?.nurse.id ?? null}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
