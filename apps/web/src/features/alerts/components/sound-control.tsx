import { BellOff, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useSecondTicks } from '@/hooks/use-second-ticks.ts';
import { cn } from '@/lib/utils.ts';
import { useAlertSound } from '../hooks/use-alert-sound.ts';
import { AUDIO_PAUSED_TEXT } from '../lib/sound-pattern.ts';
import { pauseLeftText } from '../lib/sound-settings.ts';

/**
 * A ward display's sound (IEC 60601-1-8 audio states, each visible and named): "Sound on" is the
 * opt-in per browser and the click browsers require before a page may sound (it also asks for
 * browser notifications, shown while the tab is hidden); "Pause audio" silences it for two minutes,
 * shown as "Audio paused 2 min" with the time left.
 */
export function SoundControl({ className }: { className?: string }) {
  const sound = useAlertSound();
  const isPaused = sound.pausedUntil !== null;
  const now = useSecondTicks(isPaused);

  return (
    <div
      className={cn('flex flex-wrap items-center gap-2', className)}
      data-sound={sound.isOn ? 'on' : 'off'}
    >
      <Button
        size="sm"
        variant={sound.isOn ? 'secondary' : 'outline'}
        aria-pressed={sound.isOn}
        onClick={() => (sound.isOn ? sound.turnOff() : sound.turnOn())}
      >
        {sound.isOn ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
        Sound on
      </Button>
      {sound.isOn &&
        (isPaused ? (
          <>
            <p role="status" data-audio-paused="" className="flex items-center gap-1.5 font-semibold text-sm">
              <BellOff className="size-4 shrink-0" aria-hidden="true" />
              {AUDIO_PAUSED_TEXT}
              <span className="font-normal text-muted-foreground tabular-nums">
                ({pauseLeftText(sound.pausedUntil ?? now, now)})
              </span>
            </p>
            <Button size="sm" variant="outline" onClick={sound.endPause}>
              <Play aria-hidden="true" />
              Resume audio
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={sound.pause}>
            <Pause aria-hidden="true" />
            Pause audio
          </Button>
        ))}
      {sound.isOn && sound.isBlocked && (
        <p role="status" className="text-muted-foreground text-xs">
          Click anywhere on this page to let it sound.
        </p>
      )}
    </div>
  );
}
