import {
  NEWS2_BAND_LABELS,
  NEWS2_PARAMETER_LABELS,
  type News2Band,
  type News2Parameter,
} from '@vigil/domain';
import { TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/utils.ts';
import { news2BandTone, news2Label, TONE_BADGE_CLASSES } from '../lib/clinical-tone.ts';

export interface CardNews2 {
  total: number;
  band: News2Band;
  complete: boolean;
  missing: readonly News2Parameter[];
  monitoring: { text: string };
}

/**
 * "NEWS2 7 · high" coloured by band, with the minimum monitoring frequency of RCP NEWS2 Chart 4
 * beside it. An incomplete score says which parameters were not recorded.
 */
export function News2Badge({ news2 }: { news2: CardNews2 }) {
  const tone = news2BandTone(news2.band);
  const missing = news2.missing.map((parameter) => NEWS2_PARAMETER_LABELS[parameter]).join(', ');
  const title = [
    `NEWS2 ${news2.total}: ${NEWS2_BAND_LABELS[news2.band]} clinical risk.`,
    news2.complete ? '' : `Incomplete: ${missing} not recorded, so ${news2.total} is a minimum.`,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span
        data-band={news2.band}
        title={title}
        className={cn(
          'inline-flex items-center gap-1 rounded-md border px-2 py-0.5 font-semibold text-sm tabular-nums',
          TONE_BADGE_CLASSES[tone],
        )}
      >
        {(news2.band === 'high' || news2.band === 'medium') && (
          <TriangleAlert className="size-3.5" aria-hidden="true" />
        )}
        {news2Label(news2)}
      </span>
      <span className="text-muted-foreground text-xs">{news2.monitoring.text}</span>
    </div>
  );
}
