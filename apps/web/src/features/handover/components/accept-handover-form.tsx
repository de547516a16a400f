import { zodResolver } from '@hookform/resolvers/zod';
import { type Handover, HandoverAcceptInput } from '@vigil/domain';
import { Check, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FieldError } from '@/components/form/field-error.tsx';
import { FormAlert } from '@/components/form/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { describeError } from '@/lib/error-message.ts';
import { useAcceptHandover } from '../api/handover.ts';
import { HandoverSummary } from './handover-summary.tsx';

const AcceptFormSchema = z
  .object({
    synthesis: z.string().trim().min(1, 'Write your synthesis: what you understood, in your own words'),
  })
  .pipe(HandoverAcceptInput);

/** An incoming handover: the I-PASS as given, and the receiver's synthesis that accepts the patient. */
export function AcceptHandoverForm({ handover, patientName }: { handover: Handover; patientName: string }) {
  const id = useId();
  const accept = useAcceptHandover();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(AcceptFormSchema), defaultValues: { synthesis: '' } });
  const onSubmit = handleSubmit(({ synthesis }) => accept.mutate({ id: handover.id, synthesis }));
  const error = errors.synthesis?.message;

  return (
    <li>
      <Card data-handover-incoming={patientName}>
        <CardHeader>
          <CardTitle className="text-lg">{patientName}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <HandoverSummary handover={handover} />
          <form
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-2"
            aria-label={`Accept ${patientName}`}
          >
            <Label htmlFor={`${id}-synthesis`}>Synthesis by receiver</Label>
            <Textarea
              id={`${id}-synthesis`}
              rows={2}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...register('synthesis')}
            />
            <FieldError id={`${id}-error`} message={error} />
            {accept.error && <FormAlert>Could not accept: {describeError(accept.error)}</FormAlert>}
            <Button type="submit" className="self-start" disabled={accept.isPending}>
              {accept.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Check aria-hidden="true" />
              )}
              Accept
            </Button>
          </form>
        </CardContent>
      </Card>
    </li>
  );
}
