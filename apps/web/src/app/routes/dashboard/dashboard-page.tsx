import { PatientGrid } from '@/features/patients/components/patient-grid.tsx';
import { DashboardHeader } from './dashboard-header.tsx';

/** `/`: the signed-in home screen. Max width 1400px (spec point 9). */
export function DashboardPage() {
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-6 p-4 md:p-6 lg:p-8">
      <DashboardHeader />
      <PatientGrid />
    </div>
  );
}
