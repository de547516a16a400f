import type { FormEventHandler, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog.tsx';

/** A dialog holding one form: the trigger, a title and description, then the form's fields and footer. */
export function FormDialog({
  isOpen,
  onOpenChange,
  trigger,
  title,
  description,
  onSubmit,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (rendered as the trigger itself). */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[92svh] max-w-lg overflow-y-auto">
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
