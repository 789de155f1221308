import * as z from 'zod/mini';
import type { ClientMessage, ServerMessage, WalletView } from '@qal/events/ws.ts';

export type { ClientMessage, ServerMessage, WalletView };

/** Close code the gateway uses for a missing, unknown, expired or revoked token. */
export const CLOSE_UNAUTHORIZED = 4401;

// zod/mini mirrors of the contract in @qal/events/ws.ts (typed against it, so they cannot drift apart)
// keep the client bundle free of the full zod build.
export const serverMessageSchema: z.ZodMiniType<ServerMessage> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: z.string(), version: z.number(), snapshot: z.unknown() }),
  z.object({ type: z.literal('push'), channel: z.string(), version: z.number(), event: z.string(), data: z.unknown() }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), channel: z.optional(z.string()) }),
]);

export const walletViewSchema: z.ZodMiniType<WalletView> = z.object({
  balance: z.number(),
  held: z.number(),
  available: z.number(),
});

export const userChannel = (userId: string): string => `user:${userId}`;
