/**
 * The money of a room match (docs/product-rules.md, "Rooms"), for every room game alike. Pure.
 *
 * The entry fees, the agreed stakes and the penalties forfeited by leavers form the match's prize pot, held in its
 * escrow from the start. When the match ends, the house's rake (a percent of the fees plus a percent of the stakes,
 * rounded down once) goes to `house` and the rest, the prize, to the winners: split evenly, the remainder of the
 * division to the first finisher (the outcome lists winners first finisher first). With nobody left to win, the
 * whole pot is the house's.
 */
import { ROOM_RAKE_PERCENT_OF_BETS, ROOM_RAKE_PERCENT_OF_FEES } from '../config.ts';
import type { Payout } from './events.ts';
import { activePlayers, type RoomState } from './state.ts';

/** What a match's pot is made of, in tokens. */
export interface PotParts {
  /** Entry fees (each player's, posted at the start). */
  readonly fees: number;
  /** Stakes of the agreed bet (each player's, posted at the start). */
  readonly stakes: number;
  /** Penalties forfeited by players who left the started match (not raked). */
  readonly penalties: number;
}

/** The house's share, in whole percent of the fees and of the stakes. */
export interface RakeRates {
  readonly feesPercent: number;
  readonly betsPercent: number;
}

export const ROOM_RAKE: RakeRates = { feesPercent: ROOM_RAKE_PERCENT_OF_FEES, betsPercent: ROOM_RAKE_PERCENT_OF_BETS };

export interface Settlement {
  /** Everything the escrow holds for the match. */
  readonly pot: number;
  /** To `house`. */
  readonly rake: number;
  /** To the winners: pot − rake (0 when nobody won). */
  readonly prize: number;
  /** One per winner with a share, first finisher first; the amounts add up to `prize`. */
  readonly payouts: readonly Payout[];
}

const isTokens = (n: number) => Number.isSafeInteger(n) && n >= 0;

function checked(parts: PotParts, rates: RakeRates): void {
  if (!isTokens(parts.fees) || !isTokens(parts.stakes) || !isTokens(parts.penalties))
    throw new RangeError(`pot parts must be whole tokens, not ${JSON.stringify(parts)}`);
  if (![rates.feesPercent, rates.betsPercent].every((p) => Number.isInteger(p) && p >= 0 && p <= 100))
    throw new RangeError(`rake percents must be whole, 0 to 100, not ${JSON.stringify(rates)}`);
}

export const potOf = (parts: PotParts): number => parts.fees + parts.stakes + parts.penalties;

/** The house's rake on a pot: its percents of the fees and of the stakes, the total rounded down. */
export function rakeOf(parts: PotParts, rates: RakeRates = ROOM_RAKE): number {
  checked(parts, rates);
  return Math.floor((parts.fees * rates.feesPercent + parts.stakes * rates.betsPercent) / 100);
}

/** What the winners of such a pot share: the pot less the rake. */
export const prizeOf = (parts: PotParts, rates: RakeRates = ROOM_RAKE): number => potOf(parts) - rakeOf(parts, rates);

/** Settles a finished match: the rake for `house`, the prize split among `winners` (first finisher first). */
export function settleMatch(parts: PotParts, winners: readonly string[], rates: RakeRates = ROOM_RAKE): Settlement {
  checked(parts, rates);
  const pot = potOf(parts);
  const sharers = [...new Set(winners)];
  if (pot === 0) return { pot, rake: 0, prize: 0, payouts: [] };
  // Nobody left to win (everyone forfeited): the pot is the house's.
  if (sharers.length === 0) return { pot, rake: pot, prize: 0, payouts: [] };
  const rake = rakeOf(parts, rates);
  const prize = pot - rake;
  const share = Math.floor(prize / sharers.length);
  const remainder = prize - share * sharers.length;
  const payouts = sharers.map((userId, i) => ({ userId, amount: share + (i === 0 ? remainder : 0) })).filter((p) => p.amount > 0);
  return { pot, rake, prize, payouts };
}

/**
 * The pot of a started match of the room: what it posts into the escrow, by kind (every entry fee and stake from
 * the start, a leaver's penalty from their leave). A match started before the fees formed the pot sent them to
 * house at its start (its `entry_fee` transfer): they are not in its escrow, so not in its pot.
 */
export function potPartsOf(state: RoomState, matchId: string): PotParts {
  const posted = state.holds.filter((h) => h.matchId === matchId && h.resolution === 'post');
  const sum = (kind: 'entry' | 'stake' | 'penalty') => posted.filter((h) => h.kind === kind).reduce((a, h) => a + h.amount, 0);
  const feesWentToHouse = state.transfers.some((t) => t.matchId === matchId && t.reason === 'entry_fee');
  return { fees: feesWentToHouse ? 0 : sum('entry'), stakes: sum('stake'), penalties: sum('penalty') };
}

/**
 * The prize of the room's current match, in tokens. Before the start: what it would be if the players seated now
 * started (their entry fees and, once a bet is agreed, their stakes, less the rake). During the match: the pot so far
 * less the rake. Once finished: what the winners were paid. Nothing for a cancelled room.
 */
export function prizeOfRoom(state: RoomState): number {
  const { matchId } = state;
  if (state.status === 'cancelled') return 0;
  if (state.status === 'waiting') {
    const seated = activePlayers(state).length;
    const stake = state.bet?.status === 'agreed' ? state.bet.amount : 0;
    return prizeOf({ fees: state.settings.entryFee * seated, stakes: stake * seated, penalties: 0 });
  }
  if (state.status === 'in_progress') return prizeOf(potPartsOf(state, matchId));
  return state.transfers.filter((t) => t.matchId === matchId && t.reason === 'payout').reduce((a, t) => a + t.amount, 0);
}

/** One player's money in a match: what the pot paid them, what was posted from them (fee, stake, penalty), the net. */
export interface PlayerNet {
  readonly userId: string;
  readonly payout: number;
  readonly spent: number;
  /** payout − spent. */
  readonly net: number;
}

/** Each player's net in a started match (in the match's player order), from the room's holds and transfers. */
export function netsOf(state: RoomState, matchId: string): PlayerNet[] {
  const played = state.played[matchId];
  if (!played) return [];
  return played.players.map((userId) => {
    const payout = state.transfers
      .filter((t) => t.matchId === matchId && t.reason === 'payout' && t.userId === userId)
      .reduce((a, t) => a + t.amount, 0);
    const spent = state.holds
      .filter((h) => h.matchId === matchId && h.userId === userId && h.resolution === 'post')
      .reduce((a, h) => a + h.amount, 0);
    return { userId, payout, spent, net: payout - spent };
  });
}
