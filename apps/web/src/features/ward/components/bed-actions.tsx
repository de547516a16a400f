import type { Patient } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormDialog } from '@/components/dialog/form-dialog.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { useDischargePatient, usePlaceInBed } from '../api/ward-edits.ts';
import type { FreeBed } from '../lib/board-view.ts';

/**
 * "Give a bed" (a patient without one) or "Move to…" (a patient in a bed): a free bed to choose.
 * A bed someone else took meanwhile is refused by the server (409), said here as it comes.
 */
export function ChooseBedButton({
  patient,
  freeBeds,
  isMove,
}: {
  patient: Patient;
  freeBeds: readonly FreeBed[];
  isMove: boolean;
}) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [bedId, setBedId] = useState('');
  const place = usePlaceInBed({
    onSuccess: (move) => {
      setIsOpen(false);
      toastSuccess(isMove ? 'Patient moved' : 'Patient given a bed', `${patient.name}: bed ${move.toBed}`);
    },
  });
  // Nothing chosen until the nurse chooses: a preselected bed is given with one careless click.
  const chosen = freeBeds.some((bed) => String(bed.id) === bedId) ? bedId : '';
  const [isUnchosen, setUnchosen] = useState(false);
  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) place.reset();
      }}
      trigger={
        // The patient's name is read out, not shown: the card around it names them already.
        <Button size="sm" variant="outline">
          <span>
            {isMove ? 'Move' : 'Give'}
            <span className="sr-only"> {patient.name}</span>
            {isMove ? ' to…' : ' a bed'}
          </span>
        </Button>
      }
      title={isMove ? `Move ${patient.name}` : `Give ${patient.name} a bed`}
      description={isMove ? 'To a free bed on the ward.' : 'A free bed on the ward.'}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === '') setUnchosen(true);
        else place.mutate({ patientId: patient.id, bedId: Number(chosen) });
      }}
    >
      {freeBeds.length === 0 ? (
        <p className="text-muted-foreground text-sm">No bed is free: free one or add one to the layout.</p>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-bed`}>Bed</Label>
          <NativeSelect
            id={`${id}-bed`}
            value={chosen}
            onChange={(event) => {
              setBedId(event.target.value);
              setUnchosen(false);
            }}
            aria-invalid={isUnchosen || undefined}
          >
            <option value="">Choose a bed</option>
            {freeBeds.map((bed) => (
              <option key={bed.id} value={bed.id}>
                {bed.label} ({bed.bayName})
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {isUnchosen && <FormAlert>Choose a bed first.</FormAlert>}
      {place.error && <FormAlert>{describeError(place.error)}</FormAlert>}
      <DialogFormFooter
        pending={place.isPending}
        submitLabel={isMove ? 'Move' : 'Give bed'}
        pendingLabel={isMove ? 'Moving...' : 'Saving...'}
      />
    </FormDialog>
  );
}

/** "Discharge", confirmed by name: the bed is freed and the patient leaves the ward's lists. */
export function DischargeButton({ patient, bedLabel }: { patient: Patient; bedLabel: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const discharge = useDischargePatient({
    onSuccess: () => {
      setIsOpen(false);
      toastSuccess('Patient discharged', `${patient.name} left bed ${bedLabel}`);
    },
  });
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (discharge.isPending) return;
        setIsOpen(open);
        if (!open) discharge.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          Discharge<span className="sr-only"> {patient.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Discharge {patient.name}?</DialogTitle>
          <DialogDescription>
            Bed {bedLabel} becomes free and {patient.name} leaves the ward list, the board and the dashboard;
            their open alerts are resolved. The record stays readable.
          </DialogDescription>
        </DialogHeader>
        {discharge.error && <FormAlert>{describeError(discharge.error)}</FormAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={discharge.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={discharge.isPending}
            onClick={() => discharge.mutate(patient.id)}
          >
            {discharge.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {discharge.isPending ? 'Discharging...' : `Discharge ${patient.name}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
