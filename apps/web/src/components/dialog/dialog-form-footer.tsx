import { LoaderCircle } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { DialogClose, DialogFooter } from '../ui/dialog.tsx';

/** A form dialog's footer: Cancel, and the submit button, which reads "Saving..." while it saves. */
export function DialogFormFooter({ pending, submitLabel }: { pending: boolean; submitLabel: string }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </DialogFooter>
  );
}
