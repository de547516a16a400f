import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.tsx';
import { AdmitPatientForm } from './admit-patient-form.tsx';

/** "Admit patient": a dialog with the admission form. Closing it discards what was typed. */
export function AdmitPatientDialog() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button className="self-start">
          <UserPlus aria-hidden="true" />
          Admit patient
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Admit patient</DialogTitle>
          <DialogDescription>
            Name, condition and first observations. Respiratory rate and consciousness are optional, but
            without them the NEWS2 score is incomplete.
          </DialogDescription>
        </DialogHeader>
        <AdmitPatientForm onAdmitted={() => setIsOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
