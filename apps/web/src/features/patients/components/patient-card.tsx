import {
  criticalReasons,
  dashboardVitalFlags,
  displayPatientId,
  type Patient,
  type PatientNews2,
} from '@vigil/domain';
import { Info, Siren, TriangleAlert } from 'lucide-react';
import { memo, type ReactNode, type Ref } from 'react';
import { Link } from 'wouter';
import { DemoPatientBadge } from '@/components/provenance/demo-patient-badge.tsx';
import { DeviceLostNotice } from '@/components/provenance/device-lost-notice.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { useNow } from '@/hooks/use-now.ts';
import { cn } from '@/lib/utils.ts';
import { isFedBySimulation } from '@/lib/value-source.ts';
import { useVitalsStaleness } from '../hooks/use-vitals-staleness.ts';
import { cardSummaryLines } from '../lib/card-summary.ts';
import { news2CriticalMark, patientConditionReview, thresholdNote } from '../lib/condition-review.ts';
import { ConditionBadge } from './condition-badge.tsx';
import { News2Badge } from './news2-badge.tsx';
import { ObservationDueLine } from './observation-due.tsx';
import { PatientVitals } from './patient-vitals.tsx';
import { StaleVitalsNotice } from './stale-vitals-notice.tsx';
import { UpdatedAt } from './updated-at.tsx';

/** NEWS2 disagrees with the hand-set condition: the card says so (the record has the button). */
function ConditionReviewPrompt({ text }: { text: string }) {
  return (
    <p
      data-condition-review=""
      className="flex items-start gap-1.5 rounded-md border border-orange-500 bg-orange-50 px-2.5 py-1.5 font-medium text-orange-950 text-xs dark:bg-orange-950 dark:text-orange-100"
    >
      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}

/** Under the Critical filter for its NEWS2 although the badge says otherwise: said on the card. */
function News2CriticalMark({ text }: { text: string }) {
  return (
    <Badge
      data-news2-critical=""
      className="max-w-full self-start whitespace-normal border-transparent bg-red-700 text-white dark:bg-red-600"
    >
      <Siren aria-hidden="true" />
      {text}
    </Badge>
  );
}

/**
 * The card's frame: off-screen cards skip layout and paint; the remembered height keeps the scrollbar
 * steady. Printed, every card is drawn (skipped cards printed blank).
 */
const CARD_FRAME =
  'group relative flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-shadow [contain-intrinsic-block-size:auto_24rem] [content-visibility:auto] print:break-inside-avoid print:[content-visibility:visible] hover:shadow-md hover:ring-1 hover:ring-primary/30 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring sm:p-5';

/**
 * A card far from the viewport, as text (card-summary.ts): the same words as the full card in a
 * few elements, read by screen readers and found by find-in-page like any other.
 */
function CardSummary({ patient, analysis }: { patient: Patient; analysis: ReactNode }) {
  const { before, after } = cardSummaryLines(patient, useNow());
  return (
    <div data-card-summary="" className="flex flex-col gap-1.5 text-muted-foreground text-sm">
      {before.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {analysis}
      {after.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The full card's body: badges, NEWS2, notices, the vitals tiles, the analysis and the schedule. */
function CardBody({ patient, analysis }: { patient: Patient; analysis: ReactNode }) {
  const staleness = useVitalsStaleness(patient);
  const { news2 } = patient;
  const isSimulated = isFedBySimulation(patient.devices);
  const reasons = patient.condition === 'Critical' ? criticalReasons(patient) : [];
  const mark = news2CriticalMark(patient);
  const review = patientConditionReview(patient);
  const note = thresholdNote(dashboardVitalFlags(patient), news2.alertLevel);
  return (
    <>
      {(patient.isDemo || isSimulated) && (
        <div className="flex flex-wrap gap-2">
          {patient.isDemo && <DemoPatientBadge />}
          {isSimulated && (
            <Badge variant="outline" className="border-amber-400 bg-amber-50 text-amber-900">
              Simulation Mode
            </Badge>
          )}
        </div>
      )}
      <News2Badge news2={news2} />
      {mark && <News2CriticalMark text={mark} />}
      {review && <ConditionReviewPrompt text={review} />}
      <DeviceLostNotice devices={patient.devices} />
      <StaleVitalsNotice staleness={staleness} />
      <PatientVitals patient={patient} isStale={staleness.isStale} />

      {reasons.length > 0 && (
        <p className="flex items-start gap-1.5 text-red-700 text-xs dark:text-red-300">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>{reasons.join(' · ')}</span>
        </p>
      )}

      {analysis}
      {note && (
        <p data-threshold-note="" className="flex items-start gap-1.5 text-muted-foreground text-xs">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>{note}</span>
        </p>
      )}
      <div className="mt-auto flex flex-col gap-1">
        {/* When the next full set is due (the server's schedule): under the vitals it is about. */}
        <ObservationDueLine patient={patient} />
        <UpdatedAt iso={patient.lastUpdated} />
      </div>
    </>
  );
}

/**
 * One patient on the dashboard (spec point 2): the whole card is one link to /patient/{id}, named by
 * the patient's name (the link is the name, stretched over the card, so the accessible name matches the
 * visible label: WCAG 2.5.3). Everything on it comes with the patient from the one list request: the
 * NEWS2 summary the server computed, the source of each value, the devices' state; nothing is fetched
 * per card. Memoised on the patient object, which TanStack Query keeps identical across refetches
 * while unchanged, so filtering and searching never re-render the cards that stay.
 *
 * `isSummary`: far from the viewport, the body is drawn as text (CardSummary); the frame, name, ID
 * and condition are the same elements either way, so the link keeps its focus when the card turns full.
 */
export const PatientCard = memo(function PatientCard({
  patient,
  renderAnalysis,
  isSummary = false,
  ref,
}: {
  patient: Patient;
  /**
   * The card's analysis from the patient's NEWS2 (the analysis feature's, composed by the screen),
   * `asText` on a card drawn as text.
   */
  renderAnalysis: (news2: PatientNews2, asText: boolean) => ReactNode;
  isSummary?: boolean;
  ref?: Ref<HTMLLIElement>;
}) {
  const analysis = renderAnalysis(patient.news2, isSummary);
  return (
    <li
      ref={ref}
      data-demo={patient.isDemo || undefined}
      className={cn(
        CARD_FRAME,
        (patient.condition === 'Critical' || news2CriticalMark(patient)) && 'border-l-4 border-l-red-600',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-lg leading-tight">
            {/* The link's box is stretched over the whole card: one link per card, named by the patient. */}
            <Link
              href={`/patient/${patient.id}`}
              className="after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none group-hover:underline"
            >
              {patient.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-muted-foreground text-sm tabular-nums">
            ID: {displayPatientId(patient.id)}
          </p>
        </div>
        <ConditionBadge condition={patient.condition} variant="outline" className="shrink-0" />
      </div>
      {isSummary ? (
        <CardSummary patient={patient} analysis={analysis} />
      ) : (
        <CardBody patient={patient} analysis={analysis} />
      )}
    </li>
  );
});
