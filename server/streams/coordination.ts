/**
 * Who reads each upstream stream. Every instance relays to its own readers; exactly one (the
 * holder) has the stream open upstream. Without Redis each instance is the holder of its own
 * streams (LocalCoordinator); with Redis a lease decides (redis-coordination.ts).
 */
import type { UpstreamStreamKey } from './book-groups.ts';
import type { RelayMessage } from './upstream-stream.ts';

export interface UpstreamHandle {
  close(): void;
}

/** What an instance gives the coordinator for each upstream stream its readers need. */
export interface UpstreamStreamHooks {
  /** Hands a message to this instance's readers. */
  deliver(message: RelayMessage): void;
  /** Opens the stream upstream on this instance (resuming where the relayed messages left off). */
  openUpstream(onMessage: (message: RelayMessage) => void): UpstreamHandle;
}

export interface Membership {
  /** This instance no longer needs the stream; resolves once it has let go (the lease given back). */
  leave(): Promise<void>;
}

export interface StreamCoordinator {
  /** One line for the start-up log. */
  readonly description: string;
  join(key: UpstreamStreamKey, hooks: UpstreamStreamHooks): Membership;
  close(): Promise<void>;
}

export class LocalCoordinator implements StreamCoordinator {
  readonly description = 'Odds streams: each held by this instance (no REDIS_URL set).';

  join(_key: UpstreamStreamKey, hooks: UpstreamStreamHooks): Membership {
    const upstream = hooks.openUpstream((message) => hooks.deliver(message));
    return {
      leave: async () => {
        upstream.close();
      },
    };
  }

  async close(): Promise<void> {}
}
