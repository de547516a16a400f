import { describe, expect, it } from 'vitest';
import { draftToFormValues, formValuesToInput, HandoverFormSchema } from './handover-form.ts';

describe('handover form', () => {
  it('pre-fills the action list one action per line from the server draft', () => {
    const values = draftToFormValues({
      patientId: 4,
      illnessSeverity: 'watcher',
      patientSummary: '',
      actions: [
        { text: 'Observations overdue', source: 'observation' },
        { text: 'Acknowledge NEWS2 6 alert', source: 'alert' },
      ],
      situation: '',
    });
    expect(values).toEqual({
      illnessSeverity: 'watcher',
      patientSummary: '',
      actionsText: 'Observations overdue\nAcknowledge NEWS2 6 alert',
      situation: '',
    });
  });

  it('turns the typed form into the API input, blank lines dropped', () => {
    const input = formValuesToInput(4, {
      illnessSeverity: 'unstable',
      patientSummary: ' Day 2 after hip replacement ',
      actionsText: 'Repeat obs at 09:00\n\n  Chase bloods  \n',
      situation: 'If NEWS2 ≥ 5 then call the doctor',
    });
    expect(input).toEqual({
      patientId: 4,
      illnessSeverity: 'unstable',
      patientSummary: 'Day 2 after hip replacement',
      actions: ['Repeat obs at 09:00', 'Chase bloods'],
      situation: 'If NEWS2 ≥ 5 then call the doctor',
    });
  });

  it('asks for a patient summary', () => {
    const result = HandoverFormSchema.safeParse({
      illnessSeverity: 'stable',
      patientSummary: '  ',
      actionsText: '',
      situation: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/patient summary/);
  });
});
