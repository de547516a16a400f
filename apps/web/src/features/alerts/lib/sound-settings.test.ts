import { describe, expect, it } from 'vitest';
import { pauseFrom, pauseLeftText, readSoundSettings, writeSoundSettings } from './sound-settings.ts';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('a ward display’s sound settings', () => {
  it('is off until turned on, and keeps a pause of two minutes across a reload', () => {
    const store = memoryStore();
    expect(readSoundSettings(store, 0)).toEqual({ isOn: false, pausedUntil: null });
    writeSoundSettings(store, { isOn: true, pausedUntil: pauseFrom(1000) });
    expect(readSoundSettings(store, 60_000)).toEqual({ isOn: true, pausedUntil: 121_000 });
    expect(readSoundSettings(store, 121_000)).toEqual({ isOn: true, pausedUntil: null });
    writeSoundSettings(store, { isOn: false, pausedUntil: null });
    expect(readSoundSettings(store, 0)).toEqual({ isOn: false, pausedUntil: null });
  });

  it('says how long a pause has left', () => {
    expect(pauseLeftText(120_000, 0)).toBe('2:00 left');
    expect(pauseLeftText(120_000, 14_500)).toBe('1:46 left');
    expect(pauseLeftText(120_000, 130_000)).toBe('0:00 left');
  });
});
