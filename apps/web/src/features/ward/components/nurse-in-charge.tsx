import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { describeError } from '@/lib/error-message.ts';
import { getNurseInChargeQueryOptions, useNameNurseInCharge } from '../api/nurse-in-charge.ts';
import { getWardStaffQueryOptions } from '../api/ward.ts';
import { useBoardWard } from '../lib/ward-context.ts';

type ShiftChoice = 'current' | 'next';

/** "Nurse in charge: Sam" under the board's shift line, for everyone on the ward. */
export function NurseInChargeLine() {
  const lead = useQuery(getNurseInChargeQueryOptions('current', useBoardWard()));
  if (!lead.data) return null;
  return (
    <p className="text-muted-foreground text-sm" data-testid="nurse-in-charge">
      Nurse in charge: {lead.data.nurse ? lead.data.nurse.name : 'not named (the ward manager leads)'}
    </p>
  );
}

function NameLead({ choice, label }: { choice: ShiftChoice; label: string }) {
  const id = useId();
  const ward = useBoardWard();
  const lead = useQuery(getNurseInChargeQueryOptions(choice, ward));
  const staff = useQuery(getWardStaffQueryOptions());
  const name = useNameNurseInCharge(choice, ward);
  const shift = lead.data?.shift;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
        {shift && <span className="font-normal text-muted-foreground"> ({shift.name})</span>}
      </label>
      <NativeSelect
        id={id}
        value={lead.data?.nurse ? String(lead.data.nurse.id) : ''}
        disabled={!shift || !staff.data || name.isPending}
        onChange={(event) =>
          shift &&
          name.mutate({
            shiftKey: shift.key,
            nurseId: event.target.value === '' ? null : Number(event.target.value),
          })
        }
      >
        <option value="">Not named</option>
        {staff.data?.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name} ({member.role.replace('_', ' ')})
          </option>
        ))}
      </NativeSelect>
      {(name.error ?? lead.error) && (
        <p role="alert" className="text-destructive text-sm">
          Could not name the nurse in charge: {describeError(name.error ?? lead.error)}
        </p>
      )}
    </div>
  );
}

/**
 * The ward manager names the nurse in charge of this shift and the next: while their shift runs,
 * that nurse assigns patients and sees the flagged handovers.
 */
export function NurseInChargePanel() {
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2">
      <legend className="px-1 font-semibold">Nurse in charge</legend>
      <NameLead choice="current" label="This shift" />
      <NameLead choice="next" label="Next shift" />
    </fieldset>
  );
}
