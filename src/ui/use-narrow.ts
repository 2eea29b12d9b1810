/**
 * Whether an element is narrower than a width, followed as it resizes (ResizeObserver). Layout by
 * an element's own width, not the window's: the same grid sits in a wide page and a narrow widget.
 * Where nothing can be measured (no ResizeObserver), it reads as wide.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useNarrowerThan(ref: RefObject<HTMLElement | null>, widthPx: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = (width: number) => setNarrow(width > 0 && width < widthPx);
    update(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, widthPx]);
  return narrow;
}
