import { DEMO_PATIENT_LABEL } from '@vigil/domain';
import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/utils.ts';

/**
 * "Demo patient", wherever a patient created by the demo seed appears: everything about it is a
 * demonstration and never a real person's state. Amber like "Simulation Mode", with the word.
 */
export function DemoPatientBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="outline"
      data-demo-patient=""
      className={cn(
        'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" />
      {DEMO_PATIENT_LABEL}
    </Badge>
  );
}
