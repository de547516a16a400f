import { useQuery } from '@tanstack/react-query';
import type { PatientNews2 } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { CardAnalysis, CardAnalysisText } from '@/features/analysis/components/card-analysis.tsx';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { PatientGrid } from '@/features/patients/components/patient-grid.tsx';
import { getAssignmentsQueryOptions } from '@/features/ward/api/assignments.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { DashboardHeader } from './dashboard-header.tsx';

/**
 * Each card's AI analysis, from the analysis feature, as one line of text on a card drawn as text
 * (stable, so the memoised cards stay put).
 */
const renderCardAnalysis = (news2: PatientNews2, asText: boolean) =>
  asText ? <CardAnalysisText news2={news2} /> : <CardAnalysis news2={news2} />;

/** The patients assigned to the signed-in nurse this shift, while "My patients" is on. */
function useMyPatientIds(isMine: boolean): { ids: ReadonlySet<number> | null; hasFailed: boolean } {
  const { user } = useAuth();
  const assignments = useQuery({ ...getAssignmentsQueryOptions('current'), enabled: isMine });
  const ids = useMemo(() => {
    if (!isMine || !assignments.data || !user) return null;
    return new Set(
      assignments.data.assignments.filter((a) => a.nurse.id === user.id).map((a) => a.patientId),
    );
  }, [isMine, assignments.data, user]);
  return { ids, hasFailed: isMine && !assignments.data && assignments.isError };
}

/** `/`: the signed-in home screen. Max width 1400px (spec point 9). */
export function DashboardPage() {
  useDocumentTitle('Patient Dashboard');
  const [isMine, setMine] = useState(false);
  const mine = useMyPatientIds(isMine);
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 p-4 md:gap-6 md:p-6 lg:p-8">
      <DashboardHeader />
      {mine.hasFailed && (
        <p role="alert" className="text-destructive text-sm">
          Could not load this shift's assignments: showing the whole ward.
        </p>
      )}
      {/* A filter like the condition filters, in their row: a row of its own would push the first
          card's vital signs off a phone's first screen. */}
      <PatientGrid
        renderAnalysis={renderCardAnalysis}
        onlyIds={mine.ids}
        extraFilter={
          <Button
            variant={isMine ? 'default' : 'outline'}
            aria-pressed={isMine}
            onClick={() => setMine(!isMine)}
            className="h-8 shrink-0 px-3 sm:h-10 sm:px-4"
          >
            My patients
          </Button>
        }
      />
    </div>
  );
}
