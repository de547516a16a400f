import { criticalReasons, dashboardVitalFlags, type Patient } from '@vigil/domain';
import { isFedBySimulation, lostDevices } from '@/lib/value-source.ts';
import { cardVitals, cardVitalText } from './card-vitals.ts';
import { news2Label } from './clinical-tone.ts';
import { news2CriticalMark, patientConditionReview, thresholdNote } from './condition-review.ts';
import { observationDue } from './observation-schedule.ts';
import { formatRelativeTime } from './relative-time.ts';
import { vitalsStaleness } from './vitals-staleness.ts';

/**
 * What a dashboard card says below its name, ID and condition, as lines of plain text, in the card's
 * order: for a card far from the viewport, drawn as text only (patient-grid.tsx), so that a ward of
 * hundreds is quick to draw and every card's words are still in the page for find-in-page and screen
 * readers. `analysis` goes where the card shows its analysis (the caller draws that).
 */
export function cardSummaryLines(patient: Patient, nowMs: number): { before: string[]; after: string[] } {
  const { news2 } = patient;
  const flags = dashboardVitalFlags(patient);
  const badges = [patient.isDemo && 'Demo patient', isFedBySimulation(patient.devices) && 'Simulation Mode'];
  const staleness = vitalsStaleness(patient, nowMs);
  const due = observationDue(patient, nowMs);
  const vitals = cardVitals(patient).map(cardVitalText);
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
