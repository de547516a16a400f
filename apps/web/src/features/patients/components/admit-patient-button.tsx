import { UserPlus } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { lazyWithRetry } from '@/lib/lazy-with-retry.ts';

// The dialog and its form are not part of the ward's first load: they arrive on the first click.
const AdmitPatientDialog = lazyWithRetry(() =>
  import('./admit-patient-dialog.tsx').then((m) => ({ default: m.AdmitPatientDialog })),
);

/** The "Admit patient" button and, once used, its dialog. */
export function AdmitPatientButton() {
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={buttonRef}
        className="self-start"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        <UserPlus aria-hidden="true" />
        {/* "Admit" on a phone, beside the search; its name stays "Admit patient". */}
        <span>
          Admit<span className="max-sm:sr-only"> patient</span>
        </span>
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <AdmitPatientDialog isOpen={isOpen} setIsOpen={setIsOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
