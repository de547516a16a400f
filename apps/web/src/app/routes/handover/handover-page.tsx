import { HandoverScreen } from '@/features/handover/components/handover-screen.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/** `/handover`: the I-PASS shift handover. */
export function HandoverPage() {
  useDocumentTitle('Handover');
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col p-4 md:p-6 lg:p-8">
      <HandoverScreen />
    </div>
  );
}
