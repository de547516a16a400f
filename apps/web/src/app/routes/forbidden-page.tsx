import type { User } from '@vigil/domain';
import { ShieldAlert } from 'lucide-react';
import { PageMessage } from '@/components/page-message.tsx';
import { forbiddenText, homeOf } from '@/features/auth/lib/home.ts';

/**
 * A screen the signed-in person's role may not open: says why, and leads back to where their role
 * starts, instead of sending them elsewhere without a word.
 */
export function ForbiddenPage({ user, screen }: { user: User; screen: string }) {
  const home = homeOf(user.permissions);
  return (
    <PageMessage
      icon={<ShieldAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />}
      title="Not open to your role"
      linkLabel={home.linkLabel}
      href={home.path}
    >
      {forbiddenText(user, screen)} Ask an administrator if your work needs it.
    </PageMessage>
  );
}
