/** The current time, refreshed every minute: enough for "Today" headings and the 7-day window. */
import { useEffect, useState } from 'react';

export function useNowEveryMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
