import { AUDIO_PAUSE_MS } from './sound-pattern.ts';

/**
 * A ward display's sound, chosen per browser (localStorage): off until someone turns it on, since
 * browsers let a page sound only after a click on it (the opt-in is that click). "Audio paused"
 * lasts two minutes and is kept across a reload, so a reload cannot cut a pause short or unmute.
 */

const SOUND_KEY = 'vigil.alert-sound';
const PAUSED_KEY = 'vigil.alert-audio-paused-until';

export interface SoundSettings {
  isOn: boolean;
  /** Audio paused until this time (ms), or null. */
  pausedUntil: number | null;
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The settings as stored; a pause already over reads as none. */
export function readSoundSettings(store: KeyValueStore, nowMs: number): SoundSettings {
  const isOn = store.getItem(SOUND_KEY) === 'on';
  const until = Number(store.getItem(PAUSED_KEY));
  return { isOn, pausedUntil: isOn && Number.isFinite(until) && until > nowMs ? until : null };
}

export function writeSoundSettings(store: KeyValueStore, settings: SoundSettings): void {
  if (settings.isOn) store.setItem(SOUND_KEY, 'on');
  else store.removeItem(SOUND_KEY);
  if (settings.pausedUntil) store.setItem(PAUSED_KEY, String(settings.pausedUntil));
  else store.removeItem(PAUSED_KEY);
}

export const pauseFrom = (nowMs: number) => nowMs + AUDIO_PAUSE_MS;

/** "1:45 left" of a pause. */
export function pauseLeftText(pausedUntil: number, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil((pausedUntil - nowMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} left`;
}
