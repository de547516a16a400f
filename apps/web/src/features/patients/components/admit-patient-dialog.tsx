import { Suspense } from 'react';
import type { LazyDialogProps } from '@/components/dialog/lazy-dialog-button.tsx';
import { LazyDialogContent } from '@/components/dialog/lazy-dialog-content.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The form (react-hook-form and its fields) loads when the dialog first opens, not with the ward.
const AdmitPatientForm = lazyWithRetry(() =>
  import('./admit-patient-form.tsx').then((m) => ({ default: m.AdmitPatientForm })),
);

/**
 * The "Admit patient" dialog with the admission form. Closing it discards what was typed. Loaded on
 * first use by {@link AdmitPatientButton}; focus returns to that button on close.
 */
export function AdmitPatientDialog({ isOpen, setIsOpen, returnFocusTo }: LazyDialogProps) {
  return (
    <LazyDialogContent
      isOpen={isOpen}
      setIsOpen={setIsOpen}
      returnFocusTo={returnFocusTo}
      className="max-h-[calc(100svh-2rem)] max-w-2xl overflow-y-auto"
    >
      <DialogHeader>
        <DialogTitle>Admit patient</DialogTitle>
        <DialogDescription>
          Name, condition and first observations. Respiratory rate and consciousness are optional, but without
          them the NEWS2 score is incomplete.
        </DialogDescription>
      </DialogHeader>
      <Suspense fallback={<Spinner label="Loading the admission form" className="mx-auto my-8" />}>
        <AdmitPatientForm onAdmitted={() => setIsOpen(false)} />
      </Suspense>
    </LazyDialogContent>
  );
}
