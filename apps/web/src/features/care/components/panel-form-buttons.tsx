import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/** The save and cancel buttons of a form inside a floating panel. */
export function PanelFormButtons({
  isPending,
  submitLabel,
  onCancel,
}: {
  isPending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" disabled={isPending}>
        {isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {submitLabel}
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
