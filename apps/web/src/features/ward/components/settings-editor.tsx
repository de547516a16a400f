import { useQuery } from '@tanstack/react-query';
import type { WardSettings } from '@vigil/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { DialogFormFooter } from '@/components/dialog/dialog-form-footer.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { getWardSettingsQueryOptions } from '../api/ward.ts';
import { useSaveWardSettings } from '../api/ward-edits.ts';
import { addShift, type SettingsDraft, settingsBody, settingsDraftOf } from '../lib/settings-draft.ts';
import { useBoardWard } from '../lib/ward-context.ts';
import { EditorDialog, type EditorDialogProps } from './editor-dialog.tsx';

type Shift = SettingsDraft['shifts'][number];

/** The IANA zones this browser knows, offered as the time zone is typed. */
const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

function ShiftFields({
  shift,
  position,
  change,
  remove,
}: {
  shift: Shift;
  position: number;
  change(next: Partial<Shift>): void;
  remove(): void;
}) {
  const id = useId();
  const field = 'flex min-w-0 flex-col gap-1.5';
  // Text, not type="time": the browser would show a 12-hour clock in some locales, and the ward
  // reads its shifts in the 24-hour HH:MM the server takes.
  const time = (key: 'start' | 'end', label: string) => (
    <div className={field}>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        value={shift[key]}
        maxLength={5}
        placeholder="HH:MM"
        autoComplete="off"
        aria-describedby={`${id}-format`}
        onChange={(e) => change({ [key]: e.target.value })}
      />
    </div>
  );
  return (
    <fieldset className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_6.5rem_6.5rem_auto]">
      <legend className="px-1 font-medium text-sm">Shift {position}</legend>
      <div className={`${field} col-span-3 sm:col-span-1`}>
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={shift.name}
          maxLength={40}
          onChange={(e) => change({ name: e.target.value })}
        />
      </div>
      {time('start', 'Starts')}
      {time('end', 'Ends')}
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove shift ${shift.name.trim() || position}`}
        onClick={remove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      <p id={`${id}-format`} className="sr-only">
        A time of day as HH:MM on a 24-hour clock
      </p>
    </fieldset>
  );
}

function SettingsForm({ settings, onSaved }: { settings: WardSettings; onSaved(): void }) {
  const id = useId();
  const [draft, setDraft] = useState(() => settingsDraftOf(settings));
  const save = useSaveWardSettings(
    {
      onSuccess: () => {
        onSaved();
        toastSuccess('Shift times saved');
      },
    },
    useBoardWard(),
  );
  const setShifts = (shifts: Shift[]) => setDraft((d) => ({ ...d, shifts }));
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(settingsBody(draft));
      }}
    >
      {draft.shifts.map((shift, i) => (
        <ShiftFields
          key={shift.key}
          shift={shift}
          position={i + 1}
          change={(next) => setShifts(draft.shifts.map((s) => (s.key === shift.key ? { ...s, ...next } : s)))}
          remove={() => setShifts(draft.shifts.filter((s) => s.key !== shift.key))}
        />
      ))}
      <Button variant="outline" className="self-start" onClick={() => setDraft(addShift)}>
        <Plus aria-hidden="true" />
        Add shift
      </Button>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-window`}>Handover window (minutes)</Label>
          <Input
            id={`${id}-window`}
            type="number"
            inputMode="numeric"
            min={5}
            max={240}
            value={draft.handoverWindowMinutes}
            aria-describedby={`${id}-window-hint`}
            onChange={(e) => setDraft((d) => ({ ...d, handoverWindowMinutes: e.target.value }))}
          />
          <p id={`${id}-window-hint`} className="text-muted-foreground text-xs">
            How long after a shift starts its nurses have to accept their handovers (5 to 240).
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-zone`}>Time zone</Label>
          <Input
            id={`${id}-zone`}
            list={`${id}-zones`}
            value={draft.timeZone}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-zone-hint`}
            onChange={(e) => setDraft((d) => ({ ...d, timeZone: e.target.value }))}
          />
          <datalist id={`${id}-zones`}>
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <p id={`${id}-zone-hint`} className="text-muted-foreground text-xs">
            The ward's clock, e.g. Europe/London: shift times are read in it.
          </p>
        </div>
      </div>
      {save.error && <FormAlert>{describeError(save.error)}</FormAlert>}
      <DialogFormFooter pending={save.isPending} submitLabel="Save shift times" />
    </form>
  );
}

// Edits start from the settings as they are now, not as cached when the dialog last closed.
const useSettingsNow = () =>
  useQuery({ ...getWardSettingsQueryOptions(useBoardWard()), refetchOnMount: 'always' });

/**
 * "Shift times" (ward:layout): the shifts (name, start, end on the ward's clock; together they
 * cover the day), the handover window and the ward's time zone. Loaded on first use.
 */
export function SettingsEditorDialog(props: EditorDialogProps) {
  return (
    <EditorDialog
      {...props}
      title="Shift times"
      description="Shifts must cover the whole day without gaps: each starts when the one before ends."
      useStart={useSettingsNow}
      what="the shift times"
    >
      {(start, close) => <SettingsForm settings={start} onSaved={close} />}
    </EditorDialog>
  );
}
