import {
  CORE_VITAL_BY_ID,
  criticalReasons,
  dashboardVitalFlags,
  type Patient,
  vitalsOfPatient,
} from '@vigil/domain';
import { type CoreVitalId, coreVitalDisplay } from '@/lib/core-vitals.ts';
import { isFedBySimulation, lostDevices } from '@/lib/value-source.ts';
import { news2Label } from './clinical-tone.ts';
import { news2CriticalMark, patientConditionReview, thresholdNote } from './condition-review.ts';
import { observationDue } from './observation-schedule.ts';
import { formatRelativeTime } from './relative-time.ts';
import { vitalsStaleness } from './vitals-staleness.ts';

/** The card's four vitals, oxygen first (spec point 2: the list shows each patient's oxygen level). */
export const CARD_VITALS: readonly { id: CoreVitalId; label: string }[] = (
  ['oxygenLevel', 'heartRate', 'bloodPressure', 'temperature'] as const
).map((id) => ({ id, label: CORE_VITAL_BY_ID[id].tileLabel }));

/**
 * What a dashboard card says below its name, ID and condition, as lines of plain text, in the card's
 * order: for a card far from the viewport, drawn as text only (patient-grid.tsx), so that a ward of
 * hundreds is quick to draw and every card's words are still in the page for find-in-page and screen
 * readers. `analysis` goes where the card shows its analysis (the caller draws that).
 */
export function cardSummaryLines(patient: Patient, nowMs: number): { before: string[]; after: string[] } {
  const { news2 } = patient;
  const flags = dashboardVitalFlags(patient);
  const values = vitalsOfPatient(patient);
  const badges = [patient.isDemo && 'Demo patient', isFedBySimulation(patient.devices) && 'Simulation Mode'];
  const staleness = vitalsStaleness(patient, nowMs);
  const due = observationDue(patient, nowMs);
  const vitals = CARD_VITALS.map(({ id, label }) => {
    const { value, unit } = coreVitalDisplay(id, values);
    return `${label} ${value} ${unit}${flags[id] ? ` (${flags[id]})` : ''}`;
  });
  const before = [
    badges.filter(Boolean).join(' · '),
    `${news2Label(news2)} · ${news2.monitoring.text}`,
    news2CriticalMark(patient),
    patientConditionReview(patient),
    ...lostDevices(patient.devices).map((d) => `${d.title} · ${d.detail}`),
    staleness.isStale ? staleness.reason : null,
    vitals.join(' · '),
    patient.condition === 'Critical' ? criticalReasons(patient).join(' · ') : null,
  ];
  const after = [
    thresholdNote(flags, news2.alertLevel),
    [
      due.text,
      due.exceptionLabel && `Exception: ${due.exceptionLabel}`,
      `Updated ${formatRelativeTime(patient.lastUpdated, nowMs)}`,
    ]
      .filter(Boolean)
      .join(' · '),
  ];
  const present = (lines: (string | null | false)[]) => lines.filter((l): l is string => !!l);
  return { before: present(before), after: present(after) };
}
