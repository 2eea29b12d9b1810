/**
 * "Updated N s ago". It ticks on its own each second, so the table above it never re-renders
 * for the clock.
 */
import { useEffect, useState } from 'react';
import { ageInWords } from '../../../domain/display.ts';

export function FreshnessLine({ updatedAt }: { updatedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (updatedAt === 0) return null;
  return <p className="text-xs text-muted tabular-nums">Updated {ageInWords(updatedAt, Math.max(now, updatedAt))}</p>;
}
