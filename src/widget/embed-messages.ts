/**
 * What the /embed page tells the page that frames it, by postMessage. Hosts check that
 * `event.source` is their iframe's window (see docs/widget.md); nothing in these messages is private,
 * so they are posted to any origin.
 */
export const EMBED_MESSAGE = {
  /** `{ type, height }`: the content's height in CSS pixels, sent on load and whenever it changes. */
  resize: 'parlay-builder:resize',
  /** `{ type }`, from the host to the frame: say your height again (the host's script came late). */
  sizeRequest: 'parlay-builder:size-request',
  slipChange: 'parlay-builder:slip-change',
  bookClick: 'parlay-builder:book-click',
} as const;

type EmbedMessage =
  | { type: typeof EMBED_MESSAGE.resize; height: number }
  | { type: typeof EMBED_MESSAGE.slipChange | typeof EMBED_MESSAGE.bookClick; detail: unknown };

/** AMP's `amp-iframe resizable` message (https://amp.dev/documentation/components/amp-iframe). */
interface AmpEmbedSize {
  sentinel: 'amp';
  type: 'embed-size';
  height: number;
}

/** WordPress's embed protocol (wp-embed.js): the host gave the frame a secret in its URL's hash. */
interface WordPressHeight {
  message: 'height';
  value: number;
  secret: string;
}

/** Every message /embed posts to its host. */
export type HostMessage = EmbedMessage | AmpEmbedSize | WordPressHeight;

/** The secret of a frame WordPress sized (`#?secret=…`, letters and digits), or null. */
export function wordPressSecretOf(hash: string): string | null {
  return /[#?&]secret=([A-Za-z0-9]{1,64})(?:&|$)/.exec(hash)?.[1] ?? null;
}

/** The height in each form a host may listen for: ours, AMP's, and WordPress's when it framed us. */
export function heightMessages(height: number, wordPressSecret: string | null): HostMessage[] {
  const messages: HostMessage[] = [
    { type: EMBED_MESSAGE.resize, height },
    { sentinel: 'amp', type: 'embed-size', height },
  ];
  if (wordPressSecret !== null) messages.push({ message: 'height', value: height, secret: wordPressSecret });
  return messages;
}

/** Whether the host asks for the height again: our script's request, or wp-embed.js's `ready`. */
export function isSizeRequest(data: unknown, wordPressSecret: string | null): boolean {
  if (typeof data !== 'object' || data === null) return false;
  if ('type' in data && data.type === EMBED_MESSAGE.sizeRequest) return true;
  return wordPressSecret !== null && 'message' in data && data.message === 'ready' && 'secret' in data
    ? data.secret === wordPressSecret
    : false;
}

export interface HeightReport {
  /** Says the current height again, even if unchanged. */
  repeat: () => void;
  stop: () => void;
}

/** Reports the element's height whenever it changes (rounded up, repeated values skipped). */
export function reportHeight(element: HTMLElement, onHeight: (height: number) => void): HeightReport {
  let last = -1;
  const measure = () => Math.ceil(element.getBoundingClientRect().height);
  const send = () => {
    const height = measure();
    if (height === last) return;
    last = height;
    onHeight(height);
  };
  send();
  const repeat = () => {
    last = measure();
    onHeight(last);
  };
  if (typeof ResizeObserver === 'undefined') return { repeat, stop: () => undefined };
  const observer = new ResizeObserver(send);
  observer.observe(element);
  return { repeat, stop: () => observer.disconnect() };
}
