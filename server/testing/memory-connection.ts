/**
 * An HTTP/1.1 connection to a Node HTTP server through memory. The server runs as it does on a
 * socket (Node's HTTP parser, the response's buffer and `drain`), but each direction holds only a
 * few kilobytes in flight, where a loopback socket's kernel buffers hold megabytes: a client that
 * stops reading stalls the server's writes after a few kilobytes, as a real one does once its
 * socket's buffers fill. For tests of what our server does with a reader that stops reading, and
 * for stand-ins of the odds service (memoryAgent).
 */
import { Agent, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/** Bytes each end holds: its readable side's buffer, and as much on its writable side. */
const BUFFER_BYTES = 16 * 1024;

/** One end of the connection: what is written to it is read from its peer. */
class MemorySocket extends Duplex {
  peer: MemorySocket | null = null;
  /** The loopback address, for the server's per-client bookkeeping. */
  readonly remoteAddress = '127.0.0.1';
  /** A write the peer's reader has not made room for yet: it completes when the reader reads. */
  #heldWrite: (() => void) | null = null;

  constructor() {
    super({ readableHighWaterMark: BUFFER_BYTES, writableHighWaterMark: BUFFER_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    const peer = this.peer;
    if (peer === null || peer.destroyed) {
      done();
      return;
    }
    if (peer.push(chunk)) done();
    else peer.#heldWrite = () => done();
  }

  override _read(): void {
    const held = this.#heldWrite;
    this.#heldWrite = null;
    held?.();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.peer?.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    const peer = this.peer;
    this.peer = null;
    if (peer !== null && !peer.destroyed) peer.destroy();
    done(error);
  }

  // What Node's HTTP server and client call on a socket; nothing to tune in memory.
  setTimeout(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  // What an agent calls on the connections it keeps: nothing holds the process open here.
  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }
}

/** A connected pair: the client's end, and the server's, handed to `server` as a new connection. */
function connectTo(server: Server): MemorySocket {
  const client = new MemorySocket();
  const serverSide = new MemorySocket();
  client.peer = serverSide;
  serverSide.peer = client;
  server.emit('connection', serverSide);
  return client;
}

/**
 * A keep-alive agent whose every connection goes to `server` (which need not listen), whatever
 * the request's host: a stand-in service reached through the same client code as a real one.
 */
export function memoryAgent(server: Server): Agent {
  const agent = new Agent({ keepAlive: true });
  agent.createConnection = () => connectTo(server) as unknown as Socket;
  return agent;
}

export interface MemoryGet {
  response: IncomingMessage;
  /** Ends the connection from the client's side, as a closed tab does. */
  close: () => void;
}

/** A GET of `path` from `server` (which need not listen) over a connection of its own. */
export function getThroughMemory(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
): Promise<MemoryGet> {
  const client = connectTo(server);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ path, headers: { host: 'memory', ...headers }, createConnection: () => client });
    request.on('response', (response) => resolve({ response, close: () => request.destroy() }));
    request.on('error', reject);
    request.end();
  });
}
