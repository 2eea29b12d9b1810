/**
 * Whether an element is on screen (or within `margin` of it), once: it stays true after the first
 * sighting, so what it started loading keeps refreshing. Where IntersectionObserver is missing, true.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useSeenOnScreen(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, seen]);
  return seen;
}
