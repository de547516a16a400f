import type { FormEventHandler, ReactNode, RefObject } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog.tsx';
import { returnFocusOnClose } from './lazy-dialog-content.tsx';

/** A dialog holding one form: the trigger, a title and description, then the form's fields and footer. */
export function FormDialog({
  isOpen,
  onOpenChange,
  trigger,
  returnFocusTo,
  title,
  description,
  onSubmit,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (rendered as the trigger itself)… */
  trigger?: ReactNode;
  /** …or, for a dialog whose code loads on the first click, the button outside it that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  title: string;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        className="max-h-[92svh] max-w-lg overflow-y-auto"
        onCloseAutoFocus={returnFocusTo && returnFocusOnClose(returnFocusTo)}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}
