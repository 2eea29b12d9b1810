/**
 * The time, to the minute, for every ageing label under one provider (price ages in the grid): one
 * timer for all of them, and cells re-render once a minute, not once each.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** The current time, refreshed every minute: enough for ages, "Today" headings and day windows. */
export function useNowEveryMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const MinuteClock = createContext<number | null>(null);

export function MinuteClockProvider({ children }: { children: ReactNode }) {
  const now = useNowEveryMinute();
  return <MinuteClock.Provider value={now}>{children}</MinuteClock.Provider>;
}

/** The provider's time; without one, the time the component first rendered. */
export function useMinuteClock(): number {
  const fromProvider = useContext(MinuteClock);
  const [atMount] = useState(() => Date.now());
  return fromProvider ?? atMount;
}
