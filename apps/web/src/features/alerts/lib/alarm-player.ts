import type { SoundPattern } from './sound-pattern.ts';

/**
 * Plays IEC 60601-1-8 bursts with WebAudio. The AudioContext is made (or resumed) inside the click
 * that turns sound on, the user gesture browsers require; a display reloaded with sound on resumes
 * it on its next click or key press.
 */
export class AlarmPlayer {
  private context: AudioContext | null = null;

  /** Call from a click or key press: makes the context and lets it run. */
  unlock(): void {
    const Context =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    this.context ??= new Context();
    if (this.context.state === 'suspended') void this.context.resume().catch(() => {});
  }

  /** Whether the browser lets the page sound now (false until a click once the page has loaded). */
  get isRunning(): boolean {
    return this.context?.state === 'running';
  }

  /** Schedules one burst: square-wave pulses (harmonics), each with a short rise and fall. */
  play(pattern: SoundPattern): boolean {
    const context = this.context;
    if (context?.state !== 'running') return false;
    const start = context.currentTime + 0.05;
    for (const pulse of pattern.pulses) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = pattern.frequencyHz;
      const at = start + pulse.startMs / 1000;
      const length = pulse.durationMs / 1000;
      const ramp = Math.min(0.02, length / 5);
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.15, at + ramp);
      gain.gain.setValueAtTime(0.15, at + length - ramp);
      gain.gain.linearRampToValueAtTime(0, at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + length);
    }
    return true;
  }

  close(): void {
    void this.context?.close().catch(() => {});
    this.context = null;
  }
}
