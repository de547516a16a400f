import { zodResolver } from '@hookform/resolvers/zod';
import { type HandoverDraft, ILLNESS_SEVERITIES } from '@vigil/domain';
import { LoaderCircle, Send } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError } from '@/components/form/field-error.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { describeError } from '@/lib/error-message.ts';
import { useGiveHandover } from '../api/handover.ts';
import {
  draftToFormValues,
  formValuesToInput,
  HandoverFormSchema,
  SEVERITY_LABELS,
} from '../lib/handover-form.ts';

/**
 * One outgoing patient's I-PASS handover, pre-filled by the server (severity from NEWS2 and open
 * alerts, actions from due observations, alerts and treatments), every part editable.
 */
export function GiveHandoverForm({ draft, patientName }: { draft: HandoverDraft; patientName: string }) {
  const id = useId();
  const give = useGiveHandover();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(HandoverFormSchema), defaultValues: draftToFormValues(draft) });
  const onSubmit = handleSubmit((values) => give.mutate(formValuesToInput(draft.patientId, values)));
  const summaryError = errors.patientSummary?.message;

  return (
    <li>
      <Card data-handover-draft={patientName}>
        <CardHeader>
          <CardTitle className="text-lg">{patientName}</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-4"
            aria-label={`Handover of ${patientName}`}
          >
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-medium text-sm">Illness severity</legend>
              <div className="flex flex-wrap gap-4">
                {ILLNESS_SEVERITIES.map((severity) => (
                  <label key={severity} className="inline-flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      value={severity}
                      className="size-4 accent-primary"
                      {...register('illnessSeverity')}
                    />
                    {SEVERITY_LABELS[severity]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-summary`}>Patient summary</Label>
              <Textarea
                id={`${id}-summary`}
                rows={3}
                aria-invalid={summaryError ? true : undefined}
                aria-describedby={summaryError ? `${id}-summary-error` : undefined}
                {...register('patientSummary')}
              />
              <FieldError id={`${id}-summary-error`} message={summaryError} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-actions`}>Action list (one per line)</Label>
              <Textarea id={`${id}-actions`} rows={4} {...register('actionsText')} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-situation`}>Situation awareness and contingency</Label>
              <Textarea
                id={`${id}-situation`}
                rows={2}
                placeholder="If … then …"
                {...register('situation')}
              />
            </div>
            {give.error && <FormAlert>Could not give the handover: {describeError(give.error)}</FormAlert>}
            <Button type="submit" className="self-start" disabled={give.isPending}>
              {give.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
              Give handover
            </Button>
          </form>
        </CardContent>
      </Card>
    </li>
  );
}
