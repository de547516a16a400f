import type { PatientNews2 } from '@vigil/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { CardAnalysis, CardAnalysisText } from '@/features/analysis/components/card-analysis.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { PatientGrid } from '@/features/patients/components/patient-grid.tsx';
import { useMyPatientIds } from '@/features/ward/api/assignments.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { DashboardHeader } from './dashboard-header.tsx';

/**
 * Each card's AI analysis, from the analysis feature, as one line of text on a card drawn as text
 * (stable, so the memoised cards stay put).
 */
const renderCardAnalysis = (news2: PatientNews2, asText: boolean) =>
  asText ? <CardAnalysisText news2={news2} /> : <CardAnalysis news2={news2} />;

/** `/`: the signed-in home screen. Max width 1400px (spec point 9). */
export function DashboardPage() {
  useDocumentTitle('Patient Dashboard');
  // In the URL (`/?mine=1`), as the condition is: it survives opening a patient and coming back.
  const [searchParams, setSearchParams] = useSearchParams();
  const isMine = searchParams.get('mine') === '1';
  const setMine = useCallback(
    (next: boolean) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next) params.set('mine', '1');
          else params.delete('mine');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const { user } = useAuth();
  const mine = useMyPatientIds(user?.id ?? null, isMine);
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 p-4 md:gap-6 md:p-6 lg:p-8">
      <DashboardHeader />
      {mine.hasFailed && (
        <p role="alert" className="text-destructive text-sm">
          Could not load this shift's assignments: showing the whole ward.
        </p>
      )}
      {/* "My patients" is a filter like the condition filters, in their row: a row of its own would
          push the first card's vital signs off a phone's first screen. */}
      <PatientGrid
        renderAnalysis={renderCardAnalysis}
        mine={{ isOn: isMine, ids: mine.ids, onChange: setMine }}
      />
    </div>
  );
}
