/**
 * How an opened explanation (a popover or a row expanded in place) treats focus: moved into it once
 * it is shown, scrolled only as far as needed to be in view; Escape inside it closes it, and the
 * caller hands focus back to what opened it.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/** Focus moves into `panel` (give it tabIndex -1) when `shown` turns true, unless already inside it. */
export function useFocusWhenShown(panel: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    const element = panel.current;
    if (!shown || element === null || element.contains(document.activeElement)) return;
    element.focus({ preventScroll: true });
    // Optional: jsdom has no scrollIntoView.
    element.scrollIntoView?.({ block: 'nearest' });
  }, [panel, shown]);
}

/** For the panel's keydown: Escape runs `close` and goes no further (no outer panel closes too). */
export function closeOnEscape(event: KeyboardEvent<HTMLElement>, close: () => void): void {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  event.stopPropagation();
  close();
}
