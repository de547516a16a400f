import type { Patient } from '@vigil/domain';
import { useAuth } from '@/features/auth/hooks/use-auth.tsx';
import { News2Badge } from '@/features/patients/components/news2-badge.tsx';
import { ObservationDueLine } from '@/features/patients/components/observation-due.tsx';
import { WardBoard } from '@/features/ward/components/ward-board.tsx';
import { WardPicker } from '@/features/wards/components/ward-picker.tsx';
import { useWardParam } from '@/features/wards/hooks/use-ward-param.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/** A bed's patient as the dashboard words it: the server's NEWS2 and when observations are due. */
const renderDetails = (patient: Patient) => (
  <>
    <News2Badge news2={patient.news2} />
    <ObservationDueLine patient={patient} />
  </>
);

/** `/ward`: the ward board, of the ward picked (`?ward=`) for a person of several wards. */
export function WardPage() {
  const { user, can } = useAuth();
  const [ward, setWard] = useWardParam();
  useDocumentTitle('Ward board');
  return (
    <div className="mx-auto flex w-full max-w-[1600px] flex-col p-4 md:p-6 lg:p-8">
      <WardBoard
        userId={user?.id ?? 0}
        canAssign={can('ward:assign')}
        canNameLead={can('ward:layout')}
        canLayOut={can('ward:layout')}
        canPlace={can('patients:edit')}
        renderDetails={renderDetails}
        ward={ward}
        picker={<WardPicker ward={ward} onChange={setWard} />}
      />
    </div>
  );
}
