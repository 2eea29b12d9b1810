/**
 * What the /embed page tells the page that frames it, by postMessage. Hosts check that
 * `event.source` is their iframe's window (see docs/widget.md); nothing in these messages is private,
 * so they are posted to any origin.
 */
export const EMBED_MESSAGE = {
  /** `{ type, height }`: the content's height in CSS pixels, sent on load and whenever it changes. */
  resize: 'parlay-builder:resize',
  slipChange: 'parlay-builder:slip-change',
  bookClick: 'parlay-builder:book-click',
} as const;

export type EmbedMessage =
  | { type: typeof EMBED_MESSAGE.resize; height: number }
  | { type: typeof EMBED_MESSAGE.slipChange | typeof EMBED_MESSAGE.bookClick; detail: unknown };

/** Posts the element's height whenever it changes (rounded up, repeated values skipped); returns a stop function. */
export function reportHeight(element: HTMLElement, post: (message: EmbedMessage) => void): () => void {
  let last = -1;
  const send = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    post({ type: EMBED_MESSAGE.resize, height });
  };
  send();
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(send);
  observer.observe(element);
  return () => observer.disconnect();
}
