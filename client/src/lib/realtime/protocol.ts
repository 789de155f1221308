/**
 * The websocket protocol and the `user:<id>` channel, straight from the contract (@qal/events contracts/ws.ts,
 * streams.ts, wallet.ts): zod/mini schemas, so the client bundle stays free of the full zod build.
 */
export {
  ServerMessage as serverMessageSchema,
  WalletView as walletViewSchema,
  WS_CLOSE_UNAUTHORIZED as CLOSE_UNAUTHORIZED,
  WS_CLOSE_POLICY as CLOSE_POLICY,
  WS_LIMIT_CODES as LIMIT_CODES,
  userChannel,
} from '@qal/events/contracts';
export type { ClientMessage, ServerMessage, WalletView, WsLimitCode as LimitCode } from '@qal/events/contracts';
