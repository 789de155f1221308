/**
 * The websocket protocol and the `user:<id>` channel, straight from the contract (@qal/events contracts/ws.ts,
 * streams.ts, wallet.ts): zod/mini schemas, so the client bundle stays free of the full zod build.
 */
export {
  ServerMessage as serverMessageSchema,
  WalletView as walletViewSchema,
  WS_CLOSE_UNAUTHORIZED as CLOSE_UNAUTHORIZED,
  userChannel,
} from '@qal/events/contracts';
export type { ClientMessage, ServerMessage, WalletView } from '@qal/events/contracts';
