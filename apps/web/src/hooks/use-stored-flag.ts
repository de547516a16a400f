import { useCallback, useState } from 'react';

function read(key: string, fallback: boolean): boolean {
  try {
    const value = window.localStorage.getItem(key);
    return value === null ? fallback : value === 'true';
  } catch {
    // Storage refused (private mode, policy): the choice lasts this visit only.
    return fallback;
  }
}

/**
 * An on/off choice this browser remembers (a ward display's large type): kept in localStorage,
 * which holds no patient data, only the choice.
 */
export function useStoredFlag(key: string, fallback = false): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, String(next));
      } catch {
        // As in read(): not remembered, still applied.
      }
    },
    [key],
  );
  return [value, set];
}
