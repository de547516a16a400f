import type { PatientAnalysisQuery } from '@/features/analysis/api/get-patient-analysis.ts';
import { CardAnalysis } from '@/features/analysis/components/card-analysis.tsx';
import { PatientGrid } from '@/features/patients/components/patient-grid.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { DashboardHeader } from './dashboard-header.tsx';

/** Each card's AI analysis, from the analysis feature (stable, so the memoised cards stay put). */
const renderCardAnalysis = (query: PatientAnalysisQuery) => (
  <CardAnalysis analysis={query.data} isLoading={query.isPending} error={query.error} />
);

/** `/`: the signed-in home screen. Max width 1400px (spec point 9). */
export function DashboardPage() {
  useDocumentTitle('Patient Dashboard');
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <DashboardHeader />
      <PatientGrid renderAnalysis={renderCardAnalysis} />
    </div>
  );
}
