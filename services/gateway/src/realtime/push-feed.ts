import type { StoredEvent } from '@qal/events';

/**
 * Where the gateway learns what changed, to push views to websocket clients: the store tail in the embedded
 * mode (`store-tail.ts`), the relay's Kafka topics in the distributed one (`bus-feed.ts`).
 */
export interface PushFeed {
  /** Resolves once the feed follows new events (pushes are about what happens from then on). */
  ready(): Promise<void>;
  /** A local command succeeded: look now rather than at the next poll (a no-op where delivery is pushed). */
  poke(): void;
  stop(): Promise<void>;
}

export type PushFeedFactory = (options: {
  readonly handle: (events: readonly StoredEvent[]) => Promise<void>;
  readonly onError: (error: unknown) => void;
}) => PushFeed;
