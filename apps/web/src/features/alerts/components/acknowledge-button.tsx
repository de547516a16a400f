import type { Alert } from '@vigil/domain';
import { Check } from 'lucide-react';
import { LazyDialogButton } from '@/components/dialog/lazy-dialog-button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The dialog and its form (Radix Dialog, react-hook-form) are not part of every signed-in page's
// first load, where the alert bar shows this button: they arrive on the first click.
const AcknowledgeDialog = lazyWithRetry(() =>
  import('./acknowledge-dialog.tsx').then((m) => ({ default: m.AcknowledgeDialog })),
);

/** An alert's "Acknowledge" button and, once used, its dialog. */
export function AcknowledgeButton({ alert, patientName }: { alert: Alert; patientName: string }) {
  return (
    <LazyDialogButton
      Dialog={AcknowledgeDialog}
      dialogProps={{ alert, patientName }}
      size="sm"
      variant="outline"
      className="bg-background"
      aria-label={`Acknowledge: ${patientName}, ${alert.message}`}
    >
      <Check aria-hidden="true" />
      Acknowledge
    </LazyDialogButton>
  );
}
