import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { CardError, CardLoading } from '@/components/card-states/card-states.tsx';
import type { LazyDialogProps } from '@/components/dialog/lazy-dialog-button.tsx';
import { LazyDialogContent } from '@/components/dialog/lazy-dialog-content.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';

export type EditorDialogProps = LazyDialogProps;

/**
 * The form once the editor's query has answered afresh, kept from then on: a live refetch while
 * the form is being edited does not replace what was typed.
 */
function EditorStart<T>({
  useStart,
  what,
  children,
}: {
  useStart: () => UseQueryResult<T>;
  what: string;
  children: (start: T) => ReactNode;
}) {
  const query = useStart();
  const [start, setStart] = useState<T | null>(null);
  if (start === null && query.data !== undefined && !query.isFetching) setStart(query.data);
  if (start !== null) return children(start);
  if (query.error) return <CardError what={what} error={query.error} />;
  return <CardLoading label={`Loading ${what}`} />;
}

/**
 * A dialog editing one of the ward's settings (layout, shift times). Its content mounts when it
 * opens, so `useStart` (a query refetching on mount) starts each opening from what the server holds
 * now; closing it discards what was not saved.
 */
export function EditorDialog<T>({
  isOpen,
  setIsOpen,
  returnFocusTo,
  title,
  description,
  useStart,
  what,
  children,
}: EditorDialogProps & {
  title: string;
  description: string;
  useStart: () => UseQueryResult<T>;
  /** "the ward layout": what is loading, or could not be loaded. */
  what: string;
  /** The form, from the value it starts with; `close` once it is saved. */
  children: (start: T, close: () => void) => ReactNode;
}) {
  return (
    <LazyDialogContent
      isOpen={isOpen}
      setIsOpen={setIsOpen}
      returnFocusTo={returnFocusTo}
      className="max-h-[92svh] max-w-2xl overflow-y-auto"
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <EditorStart useStart={useStart} what={what}>
        {(start) => children(start, () => setIsOpen(false))}
      </EditorStart>
    </LazyDialogContent>
  );
}
