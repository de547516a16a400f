import { type HandoverDraft, HandoverInput, IllnessSeverity } from '@vigil/domain';
import { z } from 'zod';

/** I-PASS severities in the words nurses use (Starmer et al., NEJM 2014). */
export const SEVERITY_LABELS: Record<IllnessSeverity, string> = {
  stable: 'Stable',
  watcher: 'Watcher',
  unstable: 'Unstable',
};

/** The form as typed: the action list is one action per line, as a nurse writes it. */
export const HandoverFormSchema = z.object({
  illnessSeverity: IllnessSeverity,
  patientSummary: z.string().trim().min(1, 'Write the patient summary before giving the handover'),
  actionsText: z.string(),
  situation: z.string(),
});
export type HandoverFormValues = z.infer<typeof HandoverFormSchema>;

/** The server's pre-filled draft as the form's starting values. */
export function draftToFormValues(draft: HandoverDraft): HandoverFormValues {
  return {
    illnessSeverity: draft.illnessSeverity,
    patientSummary: draft.patientSummary,
    actionsText: draft.actions.map((a) => a.text).join('\n'),
    situation: draft.situation,
  };
}

/** The typed form as the API's input (blank lines dropped), checked by the domain's schema. */
export function formValuesToInput(patientId: number, values: HandoverFormValues): HandoverInput {
  const actions = values.actionsText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return HandoverInput.parse({
    patientId,
    illnessSeverity: values.illnessSeverity,
    patientSummary: values.patientSummary,
    actions,
    situation: values.situation,
  });
}
