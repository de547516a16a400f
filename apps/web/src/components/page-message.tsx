import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { Button } from './ui/button.tsx';
import { Card, CardContent } from './ui/card.tsx';

/**
 * A whole-page message (not found, failed to load, not for your role): an icon, a heading, a line, and
 * a link home.
 */
export function PageMessage({
  icon,
  title,
  linkLabel,
  href = '/',
  children,
}: {
  icon: ReactNode;
  title: string;
  /** The text of the link home. */
  linkLabel: string;
  /** Where the link goes: the dashboard unless said. */
  href?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-4 p-6">
          <div className="flex items-center gap-3">
            {icon}
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          </div>
          <p className="text-muted-foreground text-sm">{children}</p>
          <Button asChild variant="outline" className="self-start">
            <Link href={href}>
              <ArrowLeft aria-hidden="true" />
              {linkLabel}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
