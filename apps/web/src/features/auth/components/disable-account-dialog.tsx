import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.tsx';

/**
 * "Disable", asked first: it signs the person out on every device at once, perhaps mid-task, and
 * they can no longer sign in; their records keep them as author.
 */
export function DisableAccountDialog({
  username,
  disabled,
  onConfirm,
}: {
  username: string;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          Disable
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Disable {username}?</DialogTitle>
          <DialogDescription>
            This signs {username} out on every device now, in the middle of whatever they are doing, and they
            can no longer sign in until you enable the account again.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          When they try, Vigil tells them the account is disabled and to ask their ward administrator. Their
          notes, observations and other records keep them as author.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Disable and sign {username} out
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
