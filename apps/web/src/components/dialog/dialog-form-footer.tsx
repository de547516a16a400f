import { LoaderCircle } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { DialogClose, DialogFooter } from '../ui/dialog.tsx';

/**
 * A form dialog's footer: Cancel, and the submit button, which reads `pendingLabel` ("Saving...") while
 * it saves. `isCancelLockedWhilePending` keeps the dialog open until the answer arrives.
 */
export function DialogFormFooter({
  pending,
  submitLabel,
  pendingLabel = 'Saving...',
  isCancelLockedWhilePending = false,
}: {
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  isCancelLockedWhilePending?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={isCancelLockedWhilePending && pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
