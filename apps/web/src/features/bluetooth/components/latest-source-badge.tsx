import { useQuery } from '@tanstack/react-query';
import { READING_SOURCE_LABELS, readingSource } from '@vigil/domain';
import { Radio } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { getPatientReadingsQueryOptions } from '@/features/readings/api/get-readings.ts';

/**
 * Where the patient's newest reading came from, beside the vital cards: a simulated device's
 * readings say "Simulation Mode" wherever they appear, never passing as a patient's.
 */
export function LatestSourceBadge({ patientId }: { patientId: number }) {
  const readings = useQuery(getPatientReadingsQueryOptions(patientId));
  const latest = readings.data?.at(-1);
  if (!latest) return null;
  const source = readingSource(latest);
  return (
    <Badge
      variant="outline"
      data-reading-source={source}
      className={
        source === 'simulation'
          ? 'border-amber-400 bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
          : undefined
      }
    >
      <Radio aria-hidden="true" />
      Latest reading: {READING_SOURCE_LABELS[source]}
    </Badge>
  );
}
