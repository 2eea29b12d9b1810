/**
 * Cuts the stream of a browser that does not read before our kernel holds megabytes for it: once a
 * second (while streams are open) each stream socket's send queue is read (send-queues.ts); a
 * socket whose queue was over the bound at two looks in a row, and whose peer took less than the
 * bound in between, is cut. A reader on a slow link still takes what it is sent, so a burst it
 * drains is not cut for being in flight.
 */
import type { Socket } from 'node:net';
import { connectionKey, readSendQueues } from './send-queues.ts';
import { every, type StreamClock, type TimerHandle } from './stream-clock.ts';

const LOOK_EVERY_MS = 1_000;

interface Watched {
  socket: Socket;
  key: string;
  cut: () => void;
  /** Whether its queue was over the bound at the last look, and what its peer had acknowledged then. */
  wasOver: boolean;
  acknowledged: number;
}

export class SendQueueWatch {
  readonly #clock: StreamClock;
  readonly #boundBytes: number;
  readonly #watched = new Set<Watched>();
  #timer: TimerHandle | null = null;
  #looking = false;
  /** No /proc TCP table here: nothing to look at. */
  #unavailable = false;

  constructor(clock: StreamClock, boundBytes: number) {
    this.#clock = clock;
    this.#boundBytes = boundBytes;
  }

  /** Watches the socket until the function returned is called; `cut` ends its stream. */
  watch(socket: Socket, cut: () => void): () => void {
    const { localPort, remoteAddress, remotePort } = socket;
    if (this.#unavailable || localPort === undefined || remoteAddress === undefined || remotePort === undefined)
      return () => undefined;
    const watched: Watched = {
      socket,
      key: connectionKey(localPort, remoteAddress, remotePort),
      cut,
      wasOver: false,
      acknowledged: 0,
    };
    this.#watched.add(watched);
    this.#timer ??= every(this.#clock, LOOK_EVERY_MS, () => void this.#look());
    return () => {
      this.#watched.delete(watched);
      if (this.#watched.size > 0) return;
      this.#timer?.cancel();
      this.#timer = null;
    };
  }

  async #look(): Promise<void> {
    if (this.#looking) return;
    this.#looking = true;
    try {
      const queues = await readSendQueues();
      if (queues === null) {
        this.#unavailable = true;
        this.#timer?.cancel();
        this.#timer = null;
        return;
      }
      for (const watched of this.#watched) {
        const queued = queues.get(watched.key) ?? 0;
        // Handed to the kernel, minus what it still holds: what the peer has acknowledged.
        const acknowledged = watched.socket.bytesWritten - watched.socket.writableLength - queued;
        const over = queued > this.#boundBytes;
        const tookLittle = acknowledged - watched.acknowledged < this.#boundBytes;
        watched.acknowledged = acknowledged;
        if (over && watched.wasOver && tookLittle) watched.cut();
        watched.wasOver = over;
      }
    } finally {
      this.#looking = false;
    }
  }
}
