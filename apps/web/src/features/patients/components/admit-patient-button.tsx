import { UserPlus } from 'lucide-react';
import { LazyDialogButton } from '@/components/dialog/lazy-dialog-button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The dialog and its form are not part of the ward's first load: they arrive on the first click.
const AdmitPatientDialog = lazyWithRetry(() =>
  import('./admit-patient-dialog.tsx').then((m) => ({ default: m.AdmitPatientDialog })),
);

/** The "Admit patient" button and, once used, its dialog. */
export function AdmitPatientButton() {
  return (
    <LazyDialogButton Dialog={AdmitPatientDialog} className="self-start">
      <UserPlus aria-hidden="true" />
      {/* "Admit" on a phone, beside the search; its name stays "Admit patient". */}
      <span>
        Admit<span className="max-sm:sr-only"> patient</span>
      </span>
    </LazyDialogButton>
  );
}
