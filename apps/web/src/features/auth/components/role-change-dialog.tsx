import { ROLE_LABELS, type Role } from '@vigil/domain';
import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { roleChangeSummary } from '../lib/role-change.ts';

/**
 * Asks before a role change applies: a role takes effect on the person's open sessions at once, so
 * the dialog says what they gain and lose. Closing it without confirming leaves the role as it was.
 */
export function RoleChangeDialog({
  username,
  from,
  to,
  isPending,
  onConfirm,
  onCancel,
}: {
  username: string;
  from: Role;
  /** The role chosen in the select; null while nothing waits for confirmation. */
  to: Role | null;
  isPending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const summary = to ? roleChangeSummary(username, from, to) : null;
  return (
    <Dialog open={summary !== null} onOpenChange={(open) => !open && !isPending && onCancel()}>
      {summary && to && (
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{summary.title}</DialogTitle>
            <DialogDescription>{summary.effect}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3 text-sm">
            {summary.losses.length > 0 && (
              <div>
                <p className="font-medium">{username} will no longer be able to:</p>
                <ul className="list-disc pl-5">
                  {summary.losses.map((loss) => (
                    <li key={loss}>{loss}</li>
                  ))}
                </ul>
              </div>
            )}
            {summary.gains.length > 0 && (
              <div>
                <p className="font-medium">{username} will be able to:</p>
                <ul className="list-disc pl-5">
                  {summary.gains.map((gain) => (
                    <li key={gain}>{gain}</li>
                  ))}
                </ul>
              </div>
            )}
            {summary.gains.length === 0 && summary.losses.length === 0 && (
              <p>What {username} may do stays the same.</p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button onClick={onConfirm} disabled={isPending}>
              {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {isPending ? 'Changing...' : `Make ${username} ${ROLE_LABELS[to]}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
