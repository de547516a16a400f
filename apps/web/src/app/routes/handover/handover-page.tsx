import { useQuery } from '@tanstack/react-query';
import { HandoverScreen } from '@/features/handover/components/handover-screen.tsx';
import { getPatientsQueryOptions } from '@/features/patients/api/get-patients.ts';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/** `/handover`: the I-PASS shift handover, its patients named from the ward's list. */
export function HandoverPage() {
  useDocumentTitle('Handover');
  const patients = useQuery(getPatientsQueryOptions());
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col p-4 md:p-6 lg:p-8">
      <HandoverScreen patients={patients.data} />
    </div>
  );
}
