/**
 * Server-Sent Events read as the HTML standard reads them, fed chunk by chunk: lines end in CRLF,
 * LF or CR; `field: value` (one space after the colon dropped); comments (`:`) skipped; a blank
 * line dispatches the event gathered so far; `retry` only when it is digits.
 */
export interface SseMessage {
  event: string;
  data: string;
  /** The `id:` of this frame; undefined when it carried none. */
  id: string | undefined;
  retryMs: number | undefined;
}

export class SseParser {
  readonly #decoder = new TextDecoder();
  #buffer = '';
  /** A CR ended the last chunk: a LF starting the next belongs to it. */
  #pendingCarriageReturn = false;
  #event = '';
  #data: string[] = [];
  #id: string | undefined = undefined;
  #retryMs: number | undefined = undefined;
  #comments = 0;

  /** Comment lines read so far (a server's heartbeats): signs of life that dispatch nothing. */
  get comments(): number {
    return this.#comments;
  }

  /** The messages the chunk completes, in order. */
  push(chunk: Uint8Array): SseMessage[] {
    let text = this.#decoder.decode(chunk, { stream: true });
    if (this.#pendingCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.#pendingCarriageReturn = false;
    this.#buffer += text;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.#buffer.search(/\r\n|\r|\n/);
      if (end === -1) break;
      // A CR at the very end may be the first half of a CRLF still on its way.
      const terminator = this.#buffer.startsWith('\r\n', end) ? 2 : 1;
      if (terminator === 1 && this.#buffer[end] === '\r' && end === this.#buffer.length - 1)
        this.#pendingCarriageReturn = true;
      const line = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + terminator);
      const message = this.#line(line);
      if (message !== null) messages.push(message);
    }
    return messages;
  }

  #line(line: string): SseMessage | null {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) {
      this.#comments++;
      return null;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.#event = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.#retryMs = Number(value);
    return null;
  }

  #dispatch(): SseMessage | null {
    const hadData = this.#data.length > 0;
    const message: SseMessage = {
      event: this.#event === '' ? 'message' : this.#event,
      data: this.#data.join('\n'),
      id: this.#id,
      retryMs: this.#retryMs,
    };
    this.#event = '';
    this.#data = [];
    this.#id = undefined;
    this.#retryMs = undefined;
    return hadData ? message : null;
  }
}
