/**
 * Pure helpers for the multiplayer pages: room codes, the create form's checks, countdowns, start conditions and
 * bets. No clock and no I/O: callers pass `now`.
 */
import {
  BET_AMOUNTS,
  ROOM_CODE_LENGTH,
  ROOM_CODE_PATTERN,
  ROOM_DESCRIPTION_MAX,
  ROOM_MAX_PLAYERS,
  ROOM_MIN_PLAYERS,
  ROOM_NAME_MAX,
  ROOM_PASSWORD_MAX,
  ROOM_PASSWORD_MIN,
  ROOM_PENALTY_MAX,
} from '../../config/constants.ts';
import type { Bet, RoomPlayer, RoomSettlement, RoomView } from './rooms-api.ts';

/** What a player types or pastes: upper-cased, spaces and dashes dropped, at most 6 characters. */
export function normalizeCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, ROOM_CODE_LENGTH);
}

/** A pasted share link ('…/multiplayer/join/ABC234') or a bare code, normalised. */
export function codeFromInput(input: string): string {
  const link = /\/multiplayer\/(?:join|room|game)\/([A-Za-z0-9]+)/.exec(input);
  return normalizeCode(link?.[1] ?? input);
}

export function isValidCode(code: string): boolean {
  return ROOM_CODE_PATTERN.test(code);
}

/** Why a typed code cannot be a room code: too short, or a character codes never use (0, O, 1, I). */
export function codeProblem(code: string): 'length' | 'characters' | null {
  if (/[01OI]/.test(code)) return 'characters';
  if (code.length !== ROOM_CODE_LENGTH) return 'length';
  return isValidCode(code) ? null : 'characters';
}

export function secondsLeft(deadline: string | null | undefined, now: number): number {
  if (!deadline) return 0;
  const at = Date.parse(deadline);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

// The create form ------------------------------------------------------------------------------------------------

/** The games a room can play (the catalogue's slugs). */
export const ROOM_GAMES = ['hangman', 'crazy', 'codebreaker'] as const;
export type RoomGame = (typeof ROOM_GAMES)[number];

export type RoomForm = {
  game: RoomGame;
  roomName: string;
  description: string;
  maxPlayers: string;
  gameDuration: 'normal' | 'rush';
  entryFee: string;
  penalty: string;
  password: string;
  language: 'en' | 'am';
};

export type FieldProblem = { key: string; values?: Record<string, number> };
export type FormProblems = Partial<Record<keyof RoomForm, FieldProblem>>;

const isWhole = (text: string) => /^\d+$/.test(text.trim());

/** Every field's problem, keyed by field (the message key in the multiplayer namespace and its numbers). */
export function validateRoomForm(form: RoomForm, minEntryFee: number): FormProblems {
  const problems: FormProblems = {};
  const name = form.roomName.trim();
  if (!name) problems.roomName = { key: 'create.errors.nameRequired' };
  else if (name.length > ROOM_NAME_MAX) problems.roomName = { key: 'create.errors.nameTooLong', values: { max: ROOM_NAME_MAX } };
  if (form.description.trim().length > ROOM_DESCRIPTION_MAX)
    problems.description = { key: 'create.errors.descriptionTooLong', values: { max: ROOM_DESCRIPTION_MAX } };
  const players = Number(form.maxPlayers);
  if (!isWhole(form.maxPlayers) || players < ROOM_MIN_PLAYERS || players > ROOM_MAX_PLAYERS)
    problems.maxPlayers = { key: 'create.errors.maxPlayers', values: { min: ROOM_MIN_PLAYERS, max: ROOM_MAX_PLAYERS } };
  if (!isWhole(form.entryFee) || Number(form.entryFee) < minEntryFee)
    problems.entryFee = { key: 'create.errors.entryFee', values: { min: minEntryFee } };
  if (!isWhole(form.penalty) || Number(form.penalty) > ROOM_PENALTY_MAX)
    problems.penalty = { key: 'create.errors.penalty', values: { max: ROOM_PENALTY_MAX } };
  if (form.password !== '' && (form.password.length < ROOM_PASSWORD_MIN || form.password.length > ROOM_PASSWORD_MAX))
    problems.password = { key: 'create.errors.password', values: { min: ROOM_PASSWORD_MIN, max: ROOM_PASSWORD_MAX } };
  return problems;
}

/** A room is Crazy's when its game says so; anything else is the word duel. */
export const isCrazyRoom = (room: { game: string } | null | undefined): boolean => room?.game === 'crazy';

export function roomFormToInput(form: RoomForm) {
  const description = form.description.trim();
  return {
    roomName: form.roomName.trim(),
    ...(description ? { description } : {}),
    game: form.game,
    maxPlayers: Number(form.maxPlayers),
    gameDuration: form.gameDuration,
    entryFee: Number(form.entryFee),
    penalty: Number(form.penalty),
    ...(form.password ? { password: form.password } : {}),
    // Crazy has no words, so no language: the server takes the request's.
    ...(form.game === 'hangman' ? { language: form.language } : {}),
  };
}

// The waiting room -----------------------------------------------------------------------------------------------

/** Players who are in the room (not merely invited, not gone). */
export const seated = (room: RoomView): RoomPlayer[] => room.players.filter((p) => p.status !== 'invited' && p.status !== 'left');

export function playerOf(room: RoomView, userId: string | null | undefined): RoomPlayer | undefined {
  return userId ? room.players.find((p) => p.id === userId) : undefined;
}

export type StartCheck =
  | { ok: true }
  | { ok: false; reason: 'morePlayers'; needed: number }
  | { ok: false; reason: 'notReady'; count: number }
  | { ok: false; reason: 'betPending' };

/** The rooms' rule: at least 2 players, all ready, and no bet still waiting for answers. */
export function startCheck(room: RoomView): StartCheck {
  const inRoom = seated(room);
  if (inRoom.length < ROOM_MIN_PLAYERS) return { ok: false, reason: 'morePlayers', needed: ROOM_MIN_PLAYERS - inRoom.length };
  const notReady = inRoom.filter((p) => p.status !== 'ready').length;
  if (notReady > 0) return { ok: false, reason: 'notReady', count: notReady };
  if (room.bet?.status === 'proposed') return { ok: false, reason: 'betPending' };
  return { ok: true };
}

export const isBetAmount = (amount: number): boolean => (BET_AMOUNTS as readonly number[]).includes(amount);

/** The pot a bet makes: the server's figure when it sent one, else the stake times the players in the room. */
export function betPot(bet: Bet, room: RoomView): number {
  return bet.pot ?? bet.amount * seated(room).length;
}

/** Whether `userId` still has to answer the room's open bet. */
export function mustAnswerBet(room: RoomView, userId: string | null | undefined): boolean {
  const bet = room.bet;
  if (!bet || !userId || bet.status === 'declined' || bet.status === 'expired' || bet.status === 'failed') return false;
  if (bet.acceptedBy.includes(userId) || bet.declinedBy?.includes(userId)) return false;
  return seated(room).some((p) => p.id === userId);
}

/** A bet can be proposed while none is open or agreed (a declined, expired or failed one can be replaced). */
export function canProposeBet(room: RoomView): boolean {
  return room.status === 'waiting' && (!room.bet || !['proposed', 'agreed'].includes(room.bet.status));
}

// The prize and the settlement ----------------------------------------------------------------------------------

/**
 * The prize the room's current match is for, as the server figures it (docs/product-rules.md, "Rooms": the entry
 * fees and stakes of the players seated, less the house's rake); null when the server sent none.
 */
export function roomPrize(room: RoomView): number | null {
  return typeof room.prize === 'number' ? room.prize : null;
}

/** How the match `matchId` was settled, when the room's settlement is that match's (null before the end, or after a rematch). */
export function settlementOf(room: RoomView, matchId: string): RoomSettlement | null {
  const settlement = room.settlement ?? null;
  return settlement && settlement.matchId === matchId ? settlement : null;
}

/** A player's net tokens in a settled match (payout − entry fee − stake − penalty); null when not known yet. */
export function netOf(room: RoomView, matchId: string, userId: string): number | null {
  return settlementOf(room, matchId)?.players.find((p) => p.id === userId)?.net ?? null;
}
