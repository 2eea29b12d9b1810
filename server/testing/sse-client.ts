/**
 * A browser's side of our odds stream, over a real socket, for the stream tests: every frame
 * kept (and the raw text, to look for what must never be sent), waiting for a frame that
 * matches, pausing reading as a stalled tab would, and closing.
 */
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { SseParser, type SseMessage } from '../streams/sse-parser.ts';

export type SseFrame = SseMessage;

export interface StreamPayload {
  data: Record<string, unknown>[];
  entry_id: string;
  type: string;
}

export interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every frame so far (comments aside). */
  frames: SseFrame[];
  /** Comment lines (heartbeats) so far. */
  comments: number;
  /** Everything received, as text. */
  raw(): string;
  /** The first frame from now on that matches, waiting at most `ms`. */
  next(matches: (frame: SseFrame) => boolean, ms?: number): Promise<SseFrame>;
  /** Stops reading (the socket's buffers fill, as a stalled tab's would). */
  pause(): void;
  resume(): void;
  /** Resolves when the server ends or cuts the stream. */
  ended: Promise<void>;
  close(): void;
}

// Parsed once per frame: tests poll `seen()` every few ms over thousands of frames, and re-parsing
// them all each time starved the server under test (it runs in the same thread).
const parsedPayloads = new WeakMap<SseFrame, StreamPayload>();

export function payloadOf(frame: SseFrame): StreamPayload {
  let payload = parsedPayloads.get(frame);
  if (payload === undefined) {
    payload = JSON.parse(frame.data) as StreamPayload;
    parsedPayloads.set(frame, payload);
  }
  return payload;
}

export interface OpenSseOptions {
  headers?: Record<string, string>;
  localAddress?: string;
}

export function openSse(port: number, path: string, options: OpenSseOptions = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    let request: ClientRequest | null = null;
    request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        headers: { accept: 'text/event-stream', ...options.headers },
        localAddress: options.localAddress,
        agent: false,
      },
      (response: IncomingMessage) => {
        let text = '';
        const decoder = new TextDecoder();
        const parser = new SseParser();
        const frames: SseFrame[] = [];
        const waiters = new Set<{ matches: (frame: SseFrame) => boolean; resolve: (frame: SseFrame) => void }>();
        const ended = new Promise<void>((done) => {
          response.on('end', () => done());
          response.on('close', () => done());
          response.on('error', () => done());
          // A paused response may hold its own events back: the socket says when the server cut it.
          response.socket.on('close', () => done());
        });
        response.on('data', (chunk: Buffer) => {
          text += decoder.decode(chunk, { stream: true });
          for (const parsed of parser.push(chunk)) {
            frames.push(parsed);
            for (const waiter of [...waiters]) {
              if (waiter.matches(parsed)) {
                waiters.delete(waiter);
                waiter.resolve(parsed);
              }
            }
          }
        });
        const client: SseClient = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          frames,
          get comments() {
            return parser.comments;
          },
          raw: () => text,
          next(matches, ms = 5_000) {
            return new Promise((resolveFrame, rejectFrame) => {
              const waiter = {
                matches,
                resolve: (frame: SseFrame) => {
                  clearTimeout(timer);
                  resolveFrame(frame);
                },
              };
              const timer = setTimeout(() => {
                waiters.delete(waiter);
                rejectFrame(
                  new Error(`no matching frame within ${ms} ms; got: ${frames.map((frame) => frame.event).join(', ')}`),
                );
              }, ms);
              waiters.add(waiter);
            });
          },
          pause: () => response.pause(),
          resume: () => response.resume(),
          ended,
          close: () => request?.destroy(),
        };
        resolve(client);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
