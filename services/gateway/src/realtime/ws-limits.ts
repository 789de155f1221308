import { LIMITS } from '../config.ts';

/** The limits of one websocket and of one player's sockets: LIMITS' ws* values, or smaller ones in a test. */
export interface WsLimits {
  /** The token bucket of incoming messages: its size, and how many it gets back each second. */
  readonly messageBurst: number;
  readonly messagesPerSec: number;
  readonly maxQueuedBeforeAuth: number;
  readonly maxPendingMessages: number;
  readonly maxSubscriptionsPerSocket: number;
  /** Per player on the authenticated socket; per address on the test surface's guest socket. */
  readonly maxSocketsPerUser: number;
  readonly authTimeoutMs: number;
  /** Bytes waiting to be sent to one socket beyond which it is closed as too slow. */
  readonly maxBufferedBytes: number;
}

export const WS_LIMITS: WsLimits = {
  messageBurst: LIMITS.wsMessageBurst,
  messagesPerSec: LIMITS.wsMessagesPerSec,
  maxQueuedBeforeAuth: LIMITS.wsMaxQueuedBeforeAuth,
  maxPendingMessages: LIMITS.wsMaxPendingMessages,
  maxSubscriptionsPerSocket: LIMITS.wsMaxSubscriptionsPerSocket,
  maxSocketsPerUser: LIMITS.wsMaxSocketsPerUser,
  authTimeoutMs: LIMITS.wsAuthTimeoutMs,
  maxBufferedBytes: LIMITS.wsMaxBufferedBytes,
};
