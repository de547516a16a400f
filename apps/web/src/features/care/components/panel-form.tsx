import { LoaderCircle } from 'lucide-react';
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';

/** A form inside a floating panel: its fields, then save and cancel. */
export function PanelForm({
  label,
  onSubmit,
  isPending,
  submitLabel,
  onCancel,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3"
      aria-label={label}
    >
      {children}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isPending}>
          {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
