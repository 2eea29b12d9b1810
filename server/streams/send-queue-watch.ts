/**
 * Cuts the stream of a browser that does not read before our kernel holds megabytes for it: twice a
 * second (while streams are open) each stream socket's send queue is read (send-queues.ts), and
 * a socket with more than the bound queued whose peer has taken next to nothing since the last
 * look (under a sixteenth of the bound a second) is cut. A reader on a slow link still takes what
 * it is sent, so a burst it is draining is not cut for being in flight. While any queue is over
 * the bound the next look comes sooner, so a reader that stopped is cut within a fraction of a
 * second of being seen over it.
 */
import type { Socket } from 'node:net';
import { connectionKey, readSendQueues } from './send-queues.ts';
import type { StreamClock, TimerHandle } from './stream-clock.ts';

const LOOK_EVERY_MS = 500;
const LOOK_AGAIN_OVER_BOUND_MS = 200;

interface Watched {
  socket: Socket;
  key: string;
  cut: () => void;
  /** What its peer had acknowledged at the last look, and when that was. */
  acknowledged: number;
  lookedAt: number;
}

export class SendQueueWatch {
  readonly #clock: StreamClock;
  readonly #boundBytes: number;
  readonly #watched = new Set<Watched>();
  /** The next look, while one is due (null while looking: the look schedules the next). */
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
      acknowledged: this.#handedToKernel(socket),
      lookedAt: this.#clock.now(),
    };
    this.#watched.add(watched);
    if (this.#timer === null && !this.#looking) this.#lookIn(LOOK_EVERY_MS);
    return () => {
      this.#watched.delete(watched);
      if (this.#watched.size > 0) return;
      this.#timer?.cancel();
      this.#timer = null;
    };
  }

  #lookIn(ms: number): void {
    this.#timer = this.#clock.after(ms, () => {
      this.#timer = null;
      this.#looking = true;
      void this.#look().finally(() => (this.#looking = false));
    });
  }

  #handedToKernel(socket: Socket): number {
    return socket.bytesWritten - socket.writableLength;
  }

  async #look(): Promise<void> {
    const queues = await readSendQueues();
    if (queues === null) {
      this.#unavailable = true;
      return;
    }
    const now = this.#clock.now();
    const minTakenPerSecond = this.#boundBytes / 16;
    let anyOver = false;
    for (const watched of this.#watched) {
      const queued = queues.get(watched.key) ?? 0;
      // Handed to the kernel, minus what it still holds: what the peer has acknowledged.
      const acknowledged = this.#handedToKernel(watched.socket) - queued;
      const takenPerSecond = ((acknowledged - watched.acknowledged) * 1_000) / Math.max(1, now - watched.lookedAt);
      watched.acknowledged = acknowledged;
      watched.lookedAt = now;
      if (queued <= this.#boundBytes) continue;
      if (takenPerSecond < minTakenPerSecond) watched.cut();
      else anyOver = true;
    }
    if (this.#watched.size > 0) this.#lookIn(anyOver ? LOOK_AGAIN_OVER_BOUND_MS : LOOK_EVERY_MS);
  }
}
