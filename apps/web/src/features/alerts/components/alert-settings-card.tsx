import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { AlertSettings } from '@vigil/domain';
import { LoaderCircle, Timer } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { describeError } from '@/lib/error-message.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { getAlertSettingsQueryOptions, useSaveAlertSettings } from '../api/alerts.ts';
import { minutesText, SettingsForm, settingsFromForm, settingsToForm } from '../lib/settings-form.ts';

const FIELDS = [
  { name: 'high', label: 'High priority: acknowledge within (min)', hint: '1–60 min' },
  { name: 'medium', label: 'Medium priority: acknowledge within (min)', hint: '1–360 min' },
  { name: 'low', label: 'Low priority: acknowledge within (min)', hint: '1–1440 min' },
  { name: 'confirmSeconds', label: "Confirm a device's value after (s)", hint: '0–600 s' },
] as const;

function SettingsEditor({ settings, ward }: { settings: AlertSettings; ward: number | undefined }) {
  const id = useId();
  const save = useSaveAlertSettings(ward);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(SettingsForm), defaultValues: settingsToForm(settings) });
  useEffect(() => reset(settingsToForm(settings)), [settings, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(settingsFromForm(values), {
      onSuccess: () =>
        toastSuccess('Alert settings saved', 'New deadlines apply to alerts raised from now on.'),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]?.message}
          >
            {(aria) => <Input type="number" inputMode="numeric" {...aria} {...register(field.name)} />}
          </FormField>
        ))}
      </div>
      {save.error && <FormAlert>{describeError(save.error)}</FormAlert>}
      <Button type="submit" className="self-start" disabled={save.isPending || !isDirty}>
        {save.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        Save alert settings
      </Button>
    </form>
  );
}

/**
 * The ward's acknowledgement deadlines per priority and the device confirmation time (defaults and
 * their source: docs/reference/clinical.md, "Vigil's alert settings"). Everyone may read them; a ward
 * manager (alerts:configure) may change them.
 */
export function AlertSettingsCard({
  canConfigure,
  ward,
  wardLabel,
}: {
  canConfigure: boolean;
  /** The ward whose deadlines these are (each ward its own); undefined: the person's first. */
  ward?: number;
  /** Its name, for a person of several wards. */
  wardLabel?: string | undefined;
}) {
  const { data: settings, error } = useQuery(getAlertSettingsQueryOptions(ward));
  return (
    <Card role="region" aria-labelledby="alert-settings-heading">
      <CardHeader>
        <CardTitle id="alert-settings-heading" className="flex items-center gap-2">
          <Timer className="size-5 text-primary" aria-hidden="true" />
          Alert settings{wardLabel ? `: ${wardLabel}` : ''}
        </CardTitle>
        <CardDescription>
          An alert not acknowledged by its deadline escalates to the ward manager, then to the doctor.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings ? (
          canConfigure ? (
            <SettingsEditor settings={settings} ward={ward} />
          ) : (
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              {(['high', 'medium', 'low'] as const).map((p) => (
                <div key={p}>
                  <dt className="text-muted-foreground text-xs capitalize">
                    {p} priority: acknowledge within
                  </dt>
                  <dd>{minutesText(settings.acknowledgeWithinMs[p])}</dd>
                </div>
              ))}
              <div>
                <dt className="text-muted-foreground text-xs">A device's value confirmed after</dt>
                <dd>{Math.round(settings.confirmDeviceAfterMs / 1000)} s</dd>
              </div>
            </dl>
          )
        ) : error ? (
          <CardError what="the alert settings" error={error} />
        ) : (
          <CardLoading label="Loading the alert settings" />
        )}
      </CardContent>
    </Card>
  );
}
