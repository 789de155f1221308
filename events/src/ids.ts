/** Branded ids: a UserId cannot be passed where a MatchId is expected. */
declare const brand: unique symbol;
export type Brand<T, B extends string> = T & { readonly [brand]: B };

export type UserId = Brand<string, 'UserId'>;
export type AccountId = Brand<string, 'AccountId'>;
export type TransferId = Brand<string, 'TransferId'>;
export type HoldId = Brand<string, 'HoldId'>;
export type PurchaseId = Brand<string, 'PurchaseId'>;
export type MatchId = Brand<string, 'MatchId'>;
export type RoomCode = Brand<string, 'RoomCode'>;
export type CommandId = Brand<string, 'CommandId'>;
export type EventId = Brand<string, 'EventId'>;

export const asUserId = (s: string) => s as UserId;
export const asAccountId = (s: string) => s as AccountId;
export const asTransferId = (s: string) => s as TransferId;
export const asHoldId = (s: string) => s as HoldId;
export const asPurchaseId = (s: string) => s as PurchaseId;
export const asMatchId = (s: string) => s as MatchId;
export const asRoomCode = (s: string) => s as RoomCode;
export const asCommandId = (s: string) => s as CommandId;
export const asEventId = (s: string) => s as EventId;
