import type { Patient, TransferResult } from '@vigil/domain';
import { ArrowRightLeft } from 'lucide-react';
import { LazyDialogButton } from '@/components/dialog/lazy-dialog-button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The dialog, its ward and bed lists arrive on the first click, not with the record.
const TransferDialog = lazyWithRetry(() =>
  import('./transfer-dialog.tsx').then((m) => ({ default: m.TransferDialog })),
);

/** "Transfer": moves the patient to another ward (decision 035). */
export function TransferButton({
  patient,
  onTransferred,
}: {
  patient: Pick<Patient, 'id' | 'name' | 'wardId'>;
  /** What the screen does once she has moved (she may now be on a ward the person does not see). */
  onTransferred?: (result: TransferResult) => void;
}) {
  return (
    <LazyDialogButton Dialog={TransferDialog} dialogProps={{ patient, onTransferred }} variant="outline">
      <ArrowRightLeft aria-hidden="true" />
      Transfer
    </LazyDialogButton>
  );
}
