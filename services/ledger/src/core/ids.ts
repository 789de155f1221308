import { uuidFrom } from '@qal/events';

/**
 * Deterministic ids: the same request always names the same transfer and the same events, so a retried or
 * re-delivered command finds its events stored already (the store answers `duplicate`) and moves nothing twice.
 */
export const welcomeTransferId = (userId: string) => uuidFrom('welcome', userId);
export const dailyBonusTransferId = (userId: string, addisDay: string) => uuidFrom('daily-bonus', userId, addisDay);
export const purchaseTransferId = (provider: string, providerReference: string) => uuidFrom('purchase', provider, providerReference);

/** The id of one event of a transfer or hold: which movement, which stream, which step. */
export const ledgerEventId = (movementId: string, streamId: string, step: string) => uuidFrom('ledger-event', movementId, streamId, step);
