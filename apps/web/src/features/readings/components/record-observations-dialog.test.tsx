// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { RecordObservationsDialog } from './record-observations-dialog.tsx';

vi.mock('@/lib/toast.ts', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), toastInfo: vi.fn() }));

const PATIENT = { id: 7, name: 'Ada Lovelace' };
const NOW = new Date('2026-03-02T08:15:00.000Z');

/** Every request the dialog makes of Vigil, as sent. */
let requests: { method: string; path: string; headers: Record<string, string>; body: unknown }[];
/** The server's next answer to POST /api/device-readings; stored by default. */
let nextAnswer: () => Response;
const stored = () =>
  Response.json(
    { count: 1, readings: [{ id: 91, patientId: 7, deviceId: null, readingTime: NOW.toISOString() }] },
    { status: 201 },
  );

beforeEach(() => {
  // Only the clock is fake (the reading is "measured now"); the form's and the query's timers run.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  requests = [];
  nextAnswer = stored;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      requests.push({
        method: init.method ?? 'GET',
        path: new URL(url, 'http://vigil.test').pathname,
        headers: { ...(init.headers as Record<string, string>) },
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return nextAnswer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(toastSuccess).mockReset();
});

/** The patient page's button, clicked: the dialog, open. */
function openDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RecordObservationsDialog patient={PATIENT} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Record observations' }));
  return screen.getByRole('dialog', { name: 'Record observations' });
}

const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

/** A full NEWS2 set as a nurse enters it, every field by its label. */
function enterObservations(over: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'Respiratory rate (/min)': '18',
    'SpO2 (%)': '96',
    'Systolic BP (mmHg)': '128',
    'Diastolic BP (mmHg)': '82',
    'Pulse (bpm)': '76',
    'Consciousness (ACVPU)': 'A',
    'Temperature (°C)': '37.2',
    ...over,
  };
  for (const [label, value] of Object.entries(values)) type(label, value);
  fireEvent.click(field('Room air'));
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save observations' }));

/** The error shown under a field, as its input's aria-describedby names it. */
function errorOf(label: string): string | null {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((e) => e?.getAttribute('role') === 'alert');
  return error?.textContent ?? null;
}

const THE_SET = {
  patientId: 7,
  deviceName: 'Ward observations',
  connectionType: 'manual',
  readingTime: '2026-03-02T08:15:00.000Z',
  respiratoryRate: 18,
  oxygenLevel: 96,
  onSupplementalOxygen: false,
  systolicBP: 128,
  diastolicBP: 82,
  heartRate: 76,
  consciousness: 'A',
  temperature: 990, // 37.2 °C in tenths of °F
};

describe('"Record observations" saves a full NEWS2 set (issue 39)', () => {
  it('posts the set as one manual reading, temperature in tenths of °F, then closes', async () => {
    openDialog();
    enterObservations();
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/device-readings',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': expect.any(String) },
        body: THE_SET,
      },
    ]);
    expect(toastSuccess).toHaveBeenCalledWith(
      'Observations recorded',
      expect.stringMatching(/^Ada Lovelace: /),
    );
  });

  it('sends supplemental oxygen and a level other than Alert as the nurse chose them', async () => {
    openDialog();
    enterObservations({ 'Consciousness (ACVPU)': 'C', 'Temperature (°C)': '38' });
    fireEvent.click(field('Supplemental oxygen'));
    save();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({
      onSupplementalOxygen: true,
      consciousness: 'C',
      temperature: 1004, // 38.0 °C
    });
  });

  it('saves from the keyboard: Enter in a field submits the form to its Save button', async () => {
    openDialog();
    enterObservations();
    const pulse = field('Pulse (bpm)');
    pulse.focus();
    // happy-dom does not perform a browser's implicit submission, so its conditions are checked and
    // the submission Enter makes is requested: the field is in the form, whose first submit button
    // (the default button Enter presses) is Save, and the dialog saves on the form's submit.
    const form = pulse.form!;
    const defaultButton = form.querySelector<HTMLButtonElement>(
      'button[type="submit"], input[type="submit"]',
    );
    expect(defaultButton?.textContent).toBe('Save observations');
    expect(defaultButton?.disabled).toBe(false);
    act(() => form.requestSubmit(defaultButton));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual(THE_SET);
  });
});

describe('"Record observations" refuses what is not a plausible set, and sends nothing', () => {
  it('says what each empty field needs, and takes the keyboard to the first', async () => {
    openDialog();
    // A click on Save focuses it (the dialog opened with the first field focused).
    screen.getByRole('button', { name: 'Save observations' }).focus();
    save();
    await waitFor(() => expect(errorOf('Respiratory rate (/min)')).not.toBeNull());
    expect({
      rr: errorOf('Respiratory rate (/min)'),
      spo2: errorOf('SpO2 (%)'),
      systolic: errorOf('Systolic BP (mmHg)'),
      diastolic: errorOf('Diastolic BP (mmHg)'),
      pulse: errorOf('Pulse (bpm)'),
      acvpu: errorOf('Consciousness (ACVPU)'),
      temperature: errorOf('Temperature (°C)'),
    }).toEqual({
      rr: 'Respiratory rate is required',
      spo2: 'SpO2 is required',
      systolic: 'Systolic is required',
      diastolic: 'Diastolic is required',
      pulse: 'Pulse is required',
      acvpu: 'Choose the level of consciousness (ACVPU)',
      temperature: 'Temperature is required',
    });
    const airOrOxygen = screen.getByRole('group', { name: 'Air or oxygen' });
    expect(within(airOrOxygen).getByRole('alert').textContent).toBe('Choose room air or supplemental oxygen');
    // The keyboard is taken to the first field to fix.
    expect(document.activeElement).toBe(field('Respiratory rate (/min)'));
    expect(requests).toEqual([]);
  });

  it('refuses values outside the plausible ranges with the ranges in words', async () => {
    openDialog();
    enterObservations({
      'Respiratory rate (/min)': '81',
      'SpO2 (%)': '49',
      'Pulse (bpm)': '76.5',
      'Temperature (°C)': '45.1',
    });
    save();
    await waitFor(() => expect(errorOf('Respiratory rate (/min)')).not.toBeNull());
    expect(errorOf('Respiratory rate (/min)')).toBe(
      'Respiratory rate must be a whole number from 0 to 80 breaths/min',
    );
    expect(errorOf('SpO2 (%)')).toBe('SpO2 must be a whole number from 50 to 100 %');
    expect(errorOf('Pulse (bpm)')).toBe('Pulse must be a whole number from 20 to 300 beats/min');
    expect(errorOf('Temperature (°C)')).toBe(
      'Temperature must be in °C with at most one decimal, from 30.0 to 45.0',
    );
    expect(errorOf('Systolic BP (mmHg)')).toBeNull();
    expect(field('Respiratory rate (/min)').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('refuses a diastolic not below the systolic', async () => {
    openDialog();
    enterObservations({ 'Systolic BP (mmHg)': '80', 'Diastolic BP (mmHg)': '80' });
    save();
    await waitFor(() => expect(errorOf('Diastolic BP (mmHg)')).not.toBeNull());
    expect(errorOf('Diastolic BP (mmHg)')).toBe(
      'Diastolic must be lower than systolic; check that the two values are not swapped',
    );
    expect(requests).toEqual([]);
  });
});

describe('"Record observations" shows what the server refused and keeps what was entered', () => {
  it("puts a 422 naming a field under that field, and retries with the opening's one key", async () => {
    openDialog();
    enterObservations();
    nextAnswer = () =>
      Response.json(
        { error: 'respiratoryRate: Respiratory rate must be within 0–80 breaths/min' },
        { status: 422 },
      );
    save();
    await waitFor(() => expect(errorOf('Respiratory rate (/min)')).not.toBeNull());
    expect(errorOf('Respiratory rate (/min)')).toBe('Respiratory rate must be within 0–80 breaths/min');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(field('Respiratory rate (/min)').value).toBe('18');
    expect(field('Temperature (°C)').value).toBe('37.2');
    expect(field('Room air').checked).toBe(true);

    nextAnswer = stored;
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toEqual(THE_SET);
    // One recording, one key: a retry cannot store the set twice.
    expect(requests[1]!.headers['Idempotency-Key']).toBe(requests[0]!.headers['Idempotency-Key']);
  });

  it("shows any other refusal's message above the buttons, the values kept", async () => {
    openDialog();
    enterObservations();
    nextAnswer = () => Response.json({ error: 'Patient is discharged' }, { status: 409 });
    save();
    const alert = await screen.findByText(/^Not recorded:/);
    expect(alert.textContent).toBe('Not recorded: Patient is discharged');
    expect(field('Pulse (bpm)').value).toBe('76');
    expect((field('Consciousness (ACVPU)') as unknown as HTMLSelectElement).value).toBe('A');
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('opens again blank, with a new key, after a recording', async () => {
    openDialog();
    enterObservations();
    save();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record observations' })));
    expect(field('Pulse (bpm)').value).toBe('');
    expect(field('Room air').checked).toBe(false);
    enterObservations();
    save();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.headers['Idempotency-Key']).not.toBe(requests[0]!.headers['Idempotency-Key']);
  });
});
