import type { Alert } from '@vigil/domain';
import { Check } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The dialog and its form (Radix Dialog, react-hook-form) are not part of every signed-in page's
// first load, where the alert bar shows this button: they arrive on the first click.
const AcknowledgeDialog = lazyWithRetry(() =>
  import('./acknowledge-dialog.tsx').then((m) => ({ default: m.AcknowledgeDialog })),
);

/** An alert's "Acknowledge" button and, once used, its dialog. */
export function AcknowledgeButton({ alert, patientName }: { alert: Alert; patientName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        size="sm"
        variant="outline"
        className="bg-background"
        aria-label={`Acknowledge: ${patientName}, ${alert.message}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        <Check aria-hidden="true" />
        Acknowledge
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <AcknowledgeDialog
            alert={alert}
            patientName={patientName}
            isOpen={isOpen}
            setIsOpen={setIsOpen}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      )}
    </>
  );
}
