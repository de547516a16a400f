import { useEffect, useState } from 'react';

/**
 * The time, once a second while `isTicking`: for a countdown a person watches ("next attempt in
 * 12 s", "Audio paused 1:48"). Everything else keeps time with useNow's shared 30-second tick.
 */
export function useSecondTicks(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [isTicking]);
  return now;
}
