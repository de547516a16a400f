import { useQuery } from '@tanstack/react-query';
import { HandoverScreen } from '@/features/handover/components/handover-screen.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { WardPicker } from '@/features/wards/components/ward-picker.tsx';
import { useWardParam } from '@/features/wards/hooks/use-ward-param.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/** `/handover`: the I-PASS shift handover of the ward picked (`?ward=`), its patients named from the list. */
export function HandoverPage() {
  useDocumentTitle('Handover');
  const [ward, setWard] = useWardParam();
  const patients = useQuery(getPatientsQueryOptions());
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col p-4 md:p-6 lg:p-8">
      <HandoverScreen
        patients={patients.data}
        ward={ward}
        picker={<WardPicker ward={ward} onChange={setWard} />}
      />
    </div>
  );
}
