import { useEffect, useState } from 'react';

/** The time, re-read every `ms` while `on` (a "replaying… 1.2 s" line); a constant when off. */
export function useClock(on: boolean, ms = 200): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [on, ms]);
  return now;
}
