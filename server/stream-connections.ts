/**
 * Which open connections are odds streams. A stream holds its connection for as long as the page
 * is open, so streams are counted apart from ordinary connections: `MAX_CONNECTIONS` still bounds
 * requests, idle keep-alives and slow clients, `MAX_STREAM_CONNECTIONS` bounds streams. The HTTP
 * server watches each new socket; the stream route says when its socket became a stream.
 */
import type { Socket } from 'node:net';

const becameStreamBySocket = new WeakMap<Socket, () => void>();

/** Calls `becameStream` (once) if the socket turns into an odds stream. */
export function watchForStream(socket: Socket, becameStream: () => void): void {
  becameStreamBySocket.set(socket, becameStream);
}

/** The socket now carries an odds stream (a socket no server watches is ignored). */
export function markStreamConnection(socket: Socket | null): void {
  if (socket === null) return;
  const becameStream = becameStreamBySocket.get(socket);
  if (becameStream === undefined) return;
  becameStreamBySocket.delete(socket);
  becameStream();
}
