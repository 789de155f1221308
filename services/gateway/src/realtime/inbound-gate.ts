import { AuthMessage } from '@qal/events';
import { createTokenBucket } from './token-bucket.ts';
import type { WsLimits } from './ws-limits.ts';

/** The limits on what one socket may send. */
export type InboundLimits = Pick<WsLimits, 'messageBurst' | 'messagesPerSec' | 'maxQueuedBeforeAuth' | 'maxPendingMessages'>;

/** What the socket does with a frame it received. */
export type InboundStep =
  | { readonly kind: 'authenticate'; readonly token: string }
  /** Kept until the token is checked, then handed back by `opened`. */
  | { readonly kind: 'wait' }
  | { readonly kind: 'handle'; readonly raw: string }
  /** A binary frame: counted against the rate, otherwise ignored. */
  | { readonly kind: 'ignore' }
  | { readonly kind: 'refuse'; readonly code: 'unauthorized' | 'ws_too_many_messages' };

const tokenOf = (raw: string): string | null => {
  try {
    const parsed = AuthMessage.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.token : null;
  } catch {
    return null;
  }
};

/**
 * The inbound side of one socket, before any frame reaches the hub or the engine: the message rate, the first
 * frame that must be `auth`, the frames that wait for the token check and the ones that wait behind a slow one.
 * `now` is monotonic milliseconds.
 */
export function createInboundGate(limits: InboundLimits, now: () => number) {
  const bucket = createTokenBucket(limits.messageBurst, limits.messagesPerSec, now);
  let phase: 'awaiting_auth' | 'checking' | 'open' = 'awaiting_auth';
  const queued: string[] = [];
  let pending = 0;
  const tooMany = { kind: 'refuse', code: 'ws_too_many_messages' } as const;

  return {
    /** A text frame's content, or null for a binary frame. */
    receive(raw: string | null): InboundStep {
      if (!bucket.take()) return tooMany;
      if (raw === null) return { kind: 'ignore' };
      if (phase === 'awaiting_auth') {
        const token = tokenOf(raw);
        if (token === null) return { kind: 'refuse', code: 'unauthorized' };
        phase = 'checking';
        return { kind: 'authenticate', token };
      }
      if (phase === 'checking') {
        if (queued.length >= limits.maxQueuedBeforeAuth) return tooMany;
        queued.push(raw);
        return { kind: 'wait' };
      }
      if (pending >= limits.maxPendingMessages) return tooMany;
      pending += 1;
      return { kind: 'handle', raw };
    },

    /** The token was good: the frames that waited for it, to handle now, in order. */
    opened(): string[] {
      phase = 'open';
      const waited = queued.splice(0);
      pending += waited.length;
      return waited;
    },

    /** A frame handed out for handling is done with. */
    handled(): void {
      pending -= 1;
    },
  };
}

export type InboundGate = ReturnType<typeof createInboundGate>;
