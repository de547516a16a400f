import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs`, so "12 min ago" and "Past Due" keep up on an open page. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
