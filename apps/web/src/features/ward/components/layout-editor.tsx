import { useQuery } from '@tanstack/react-query';
import { displayPatientId, type Patient, type WardLayout } from '@vigil/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { getWardLayoutQueryOptions, useSaveWardLayout } from '../api/ward-edits.ts';
import { type BayDraft, draftOf, editLayout, type LayoutEdit, layoutBody } from '../lib/layout-draft.ts';
import { useBoardWard } from '../lib/ward-context.ts';
import { EditorDialog, type EditorDialogProps } from './editor-dialog.tsx';

function BayFields({
  bay,
  position,
  occupantOf,
  edit,
}: {
  bay: BayDraft;
  position: number;
  occupantOf: (patientId: number) => string;
  edit: (change: LayoutEdit) => void;
}) {
  const id = useId();
  const shownName = bay.name.trim() || `bay ${position}`;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-3">
      <legend className="px-1 font-medium text-sm">Bay {position}</legend>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>Bay name</Label>
          <Input
            id={`${id}-name`}
            value={bay.name}
            maxLength={60}
            onChange={(event) => edit({ type: 'rename-bay', bayKey: bay.key, name: event.target.value })}
          />
        </div>
        <Button variant="outline" onClick={() => edit({ type: 'remove-bay', bayKey: bay.key })}>
          <Trash2 aria-hidden="true" />
          <span>
            Remove bay<span className="sr-only"> ({shownName})</span>
          </span>
        </Button>
      </div>
      {bay.beds.length === 0 && <p className="text-muted-foreground text-sm">No beds in this bay yet.</p>}
      <ul className="grid gap-2 sm:grid-cols-2">
        {bay.beds.map((bed, i) => (
          <li key={bed.key} className="flex items-center gap-2">
            <Label htmlFor={`${id}-${bed.key}`} className="sr-only">
              Label of bed {i + 1} in {shownName}
            </Label>
            <Input
              id={`${id}-${bed.key}`}
              value={bed.label}
              maxLength={16}
              className="w-20 shrink-0"
              aria-describedby={`${id}-${bed.key}-who`}
              onChange={(event) =>
                edit({ type: 'relabel-bed', bayKey: bay.key, bedKey: bed.key, label: event.target.value })
              }
            />
            <span
              id={`${id}-${bed.key}-who`}
              className="min-w-0 flex-1 truncate text-muted-foreground text-sm"
            >
              {bed.patientId === null ? 'Free' : occupantOf(bed.patientId)}
            </span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove bed ${bed.label.trim() || i + 1} from ${shownName}`}
              onClick={() => edit({ type: 'remove-bed', bayKey: bay.key, bedKey: bed.key })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => edit({ type: 'add-bed', bayKey: bay.key })}
      >
        <Plus aria-hidden="true" />
        <span>
          Add bed<span className="sr-only"> to {shownName}</span>
        </span>
      </Button>
    </fieldset>
  );
}

function LayoutForm({
  layout,
  patients,
  onSaved,
}: {
  layout: WardLayout;
  patients: Patient[];
  onSaved(): void;
}) {
  const [draft, setDraft] = useState(() => draftOf(layout));
  const save = useSaveWardLayout(
    {
      onSuccess: () => {
        onSaved();
        toastSuccess('Ward layout saved');
      },
    },
    useBoardWard(),
  );
  const names = new Map(patients.map((p) => [p.id, p.name]));
  const occupantOf = (patientId: number) => names.get(patientId) ?? `Patient ${displayPatientId(patientId)}`;
  const edit = (change: LayoutEdit) => setDraft((current) => editLayout(current, change));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(layoutBody(draft));
      }}
    >
      {draft.bays.map((bay, i) => (
        <BayFields key={bay.key} bay={bay} position={i + 1} occupantOf={occupantOf} edit={edit} />
      ))}
      <Button variant="outline" className="self-start" onClick={() => edit({ type: 'add-bay' })}>
        <Plus aria-hidden="true" />
        Add bay
      </Button>
      {save.error && <FormAlert>{describeError(save.error)}</FormAlert>}
      <DialogFormFooter pending={save.isPending} submitLabel="Save layout" />
    </form>
  );
}

// Edits start from the layout as it is now, not as it was cached when the dialog last closed.
const useLayoutNow = () =>
  useQuery({ ...getWardLayoutQueryOptions(useBoardWard()), refetchOnMount: 'always' });

/**
 * "Edit layout" (ward:layout): bays and their beds added, renamed and removed, saved as one layout.
 * A renamed bay or relabelled bed keeps its id, and so its patient. Loaded on first use.
 */
export function LayoutEditorDialog(props: EditorDialogProps) {
  const patients = useQuery(getPatientsQueryOptions());
  return (
    <EditorDialog
      {...props}
      title="Edit ward layout"
      description="Bays and the beds in each. Renaming a bed keeps its patient; a bed with a patient cannot be removed until they move."
      useStart={useLayoutNow}
      what="the ward layout"
    >
      {(start, close) => <LayoutForm layout={start} patients={patients.data ?? []} onSaved={close} />}
    </EditorDialog>
  );
}
