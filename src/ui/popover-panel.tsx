/**
 * An explanation that opens next to what opened it: placed under its opener (inside `container`,
 * which must be positioned), focus moved into it; Escape, its Close button or a click elsewhere
 * closes it and hands focus back to the opener. Non-modal: the page stays usable around it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { closeOnEscape, useFocusWhenShown } from './use-explanation-focus.ts';

interface PopoverPanelProps {
  id: string;
  /** What the panel is, for assistive tech. */
  label: string;
  /** The control that opened it: the panel sits under it and focus returns to it. */
  opener: HTMLElement | null;
  container: RefObject<HTMLElement | null>;
  onClose: () => void;
  className?: string;
  /** Given a close that also returns focus, for the panel's own Close button. */
  children: (close: () => void) => ReactNode;
}

/** At most this wide (26rem), and never wider than the container. */
const PANEL_MAX_WIDTH_PX = 416;
const GAP_PX = 4;

export function PopoverPanel({ id, label, opener, container, onClose, className = '', children }: PopoverPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number; width: number } | null>(null);
  const latest = useRef({ opener, onClose });
  useLayoutEffect(() => {
    latest.current = { opener, onClose };
  });

  useLayoutEffect(() => {
    const measure = () => {
      const box = container.current?.getBoundingClientRect();
      if (!box) return;
      const anchor = opener?.isConnected ? opener.getBoundingClientRect() : null;
      const width = Math.min(PANEL_MAX_WIDTH_PX, box.width);
      const centre = anchor ? anchor.left + anchor.width / 2 - box.left : box.width / 2;
      const next = {
        top: anchor ? anchor.bottom - box.top + GAP_PX : 0,
        left: Math.max(0, Math.min(centre - width / 2, box.width - width)),
        width,
      };
      setPlace((shown) =>
        shown?.top === next.top && shown.left === next.left && shown.width === next.width ? shown : next,
      );
    };
    measure();
    window.addEventListener('resize', measure);
    // The opener moves when the content around it does (a row above it grows as a book answers):
    // the panel follows it rather than covering it.
    const watcher = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (container.current) watcher?.observe(container.current);
    if (opener) watcher?.observe(opener);
    return () => {
      window.removeEventListener('resize', measure);
      watcher?.disconnect();
    };
  }, [opener, container]);

  // Focus moves into the panel once it is placed; scrolled into view if it opened near the bottom.
  useFocusWhenShown(panelRef, place !== null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (target === null || panelRef.current?.contains(target) || latest.current.opener?.contains(target)) return;
      latest.current.onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const close = () => {
    onClose();
    if (opener?.isConnected) opener.focus();
  };

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={(event) => closeOnEscape(event, close)}
      style={place === null ? { visibility: 'hidden' } : { top: place.top, left: place.left, width: place.width }}
      className={`absolute z-30 rounded-md border border-line shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-accent ${className}`}
    >
      {children(close)}
    </div>
  );
}
