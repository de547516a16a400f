import { useSyncExternalStore } from 'react';
import { AlarmPlayer } from '../lib/alarm-player.ts';
import {
  pauseFrom,
  readSoundSettings,
  type SoundSettings,
  writeSoundSettings,
} from '../lib/sound-settings.ts';

/**
 * The browser's one alarm sound state, shared by every control that shows it (the alert bar, the
 * alerts page) and by the sounder in the shell.
 */

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const player = new AlarmPlayer();
const listeners = new Set<() => void>();
let snapshot: SoundSettings & { isBlocked: boolean } = { isOn: false, pausedUntil: null, isBlocked: false };
let pauseTimer: number | undefined;

function publish(next: SoundSettings) {
  const store = storage();
  if (store) writeSoundSettings(store, next);
  snapshot = { ...next, isBlocked: next.isOn && !player.isRunning };
  window.clearTimeout(pauseTimer);
  if (next.pausedUntil)
    pauseTimer = window.setTimeout(
      () => publish({ ...snapshot, pausedUntil: null }),
      next.pausedUntil - Date.now(),
    );
  for (const notify of listeners) notify();
}

let isLoaded = false;
function load() {
  if (isLoaded) return;
  isLoaded = true;
  const store = storage();
  const stored = store ? readSoundSettings(store, Date.now()) : { isOn: false, pausedUntil: null };
  if (stored.isOn) {
    // Reloaded with sound on: the browser allows sound after the next click or key press here.
    player.unlock();
    const onGesture = () => {
      player.unlock();
      window.setTimeout(() => publish({ isOn: snapshot.isOn, pausedUntil: snapshot.pausedUntil }), 50);
      if (player.isRunning) {
        window.removeEventListener('pointerdown', onGesture, true);
        window.removeEventListener('keydown', onGesture, true);
      }
    };
    window.addEventListener('pointerdown', onGesture, true);
    window.addEventListener('keydown', onGesture, true);
  }
  publish(stored);
}

function subscribe(listener: () => void) {
  load();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;

export interface AlertSound extends SoundSettings {
  /** Sound is on here but the browser has not let the page sound yet (reloaded, no click since). */
  isBlocked: boolean;
  /** The opt-in: call from the click itself (it is the user gesture); also asks for notifications. */
  turnOn(): void;
  turnOff(): void;
  pause(): void;
  endPause(): void;
}

export function useAlertSound(): AlertSound {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return {
    ...state,
    turnOn() {
      player.unlock();
      if ('Notification' in window && Notification.permission === 'default')
        void Notification.requestPermission().catch(() => {});
      publish({ isOn: true, pausedUntil: null });
      // resume() settles a moment after the click.
      window.setTimeout(() => publish({ isOn: snapshot.isOn, pausedUntil: snapshot.pausedUntil }), 100);
    },
    turnOff: () => publish({ isOn: false, pausedUntil: null }),
    pause: () => publish({ isOn: true, pausedUntil: pauseFrom(Date.now()) }),
    endPause: () => publish({ isOn: snapshot.isOn, pausedUntil: null }),
  };
}

/** The player, for the sounder (plays only when sound is on and not paused). */
export function alarmPlayer(): AlarmPlayer {
  return player;
}

export function currentSoundSettings(): SoundSettings {
  return snapshot;
}
