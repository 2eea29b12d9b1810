/**
 * How our server reaches the odds service: Node's HTTP client (https for an https base URL) on a
 * keep-alive agent of its own, for every call and every stream. Not the global fetch: its
 * Request, Response, web streams and AbortSignal cost about five times the CPU of a call made this
 * way (a 4-leg parlay at ten books: ~600 against ~110 µs on this project's 2-core machine), and on
 * a miss that call is most of what our server does.
 *
 * Answers are asked for compressed (the codings fetch asks for on each scheme) and decoded here: the
 * largest (a game's odds at ten books) are megabytes of JSON.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** One request to the service, in the canonical form upstream-request.ts builds. */
export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  /** By lower-case name. */
  headers: ReadonlyMap<string, string>;
  body: string | undefined;
}

/** A request under way: its response (head first, the body read as it arrives), and a way to let it go. */
export interface UpstreamExchange {
  response: Promise<IncomingMessage>;
  /** Closes the connection (never reused): `response`, or a body being read, fails. */
  abort: () => void;
}

/** Connections to the service kept open between calls (its own Keep-Alive timeout is respected). */
export function createUpstreamAgent(baseUrl: string): HttpAgent {
  return new URL(baseUrl).protocol === 'https:'
    ? new HttpsAgent({ keepAlive: true })
    : new HttpAgent({ keepAlive: true });
}

/**
 * Errors that mean a kept-alive connection was closed by the service just as we reused it (its
 * idle timeout and our send crossed): the request never reached it, and a fresh connection will.
 */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

function isStaleConnection(outgoing: ClientRequest, error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? (error as NodeJS.ErrnoException).code : undefined;
  return outgoing.reusedSocket && code !== undefined && STALE_CONNECTION_CODES.has(code);
}

/**
 * Sends `request` through `agent` (createUpstreamAgent's for the base URL the request's URL starts
 * with). A request that failed on a reused connection before any answer is sent once more on a new
 * one, as Node's documentation advises: every call we make is a read, so it is safe to repeat.
 */
export function sendUpstream(agent: HttpAgent, request: UpstreamRequest): UpstreamExchange {
  const secure = request.url.startsWith('https:');
  const headers: Record<string, string> = { 'accept-encoding': secure ? 'br, gzip, deflate' : 'gzip, deflate' };
  for (const [name, value] of request.headers) headers[name] = value;
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  const send = secure ? httpsRequest : httpRequest;
  let current: ClientRequest | undefined;
  let abandoned = false;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    const attempt = (mayRepeat: boolean) => {
      const outgoing = send(request.url, { method: request.method, headers, agent });
      current = outgoing;
      let answered = false;
      outgoing.once('response', (response) => {
        answered = true;
        resolve(response);
      });
      // Only before any answer: a connection lost while a body arrives is that answer's failure.
      outgoing.once('error', (error) => {
        if (mayRepeat && !answered && !abandoned && isStaleConnection(outgoing, error)) attempt(false);
        else reject(error);
      });
      outgoing.end(request.body);
    };
    attempt(true);
  });
  // Errors after the head reach whoever reads the body.
  response.catch(() => undefined);
  return {
    response,
    abort: () => {
      abandoned = true;
      current?.destroy(new Error('The call to the odds service was let go.'));
    },
  };
}

/** The body as it was sent, decoded: a compressed body through its decoder (errors of either end it). */
export function decodedBody(response: IncomingMessage): Readable {
  const coding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? createGunzip()
      : coding === 'deflate'
        ? createInflate()
        : coding === 'br'
          ? createBrotliDecompress()
          : null;
  if (decoder === null) return response;
  return pipeline(response, decoder, () => undefined);
}

/** Response headers by lower-case name; a repeated one (Set-Cookie) joined as fetch joins them. */
export function headersOf(response: IncomingMessage): Map<string, string> {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}
