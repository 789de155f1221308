/**
 * Crazy's commands, events and rejections. Every message is `{ type, data }`; the schemas parse them at the
 * service's edge, and the types come from them. `CrazyMove` is the wire move (`POST …/moves`, `match.move`) and
 * moveToCommand() turns it into the decider's command.
 *
 * Times are ISO-8601 instants carried by the commands (the gateway's receive time, or a timer's deadline), never a
 * clock read here. CrazyStarted (the seeds, every hand, the deck order), CardsDrawn and PileReshuffled hold secrets,
 * so a match's stream is server-only; clients see viewFor() alone.
 */
import { z } from 'zod';
import {
  CRAZY_END_REASONS,
  DRAW_REASONS,
  PLAY_EFFECTS,
  REMOVAL_REASONS,
  WRONG_PLAY_REASONS,
  type CrazyEndReason,
  type DrawReason,
  type PlayEffect,
  type RemovalReason,
  type WrongPlayReason,
} from '@qal/events';
import { BytesUsed, FairSeeds, hasOneChance, ONE_CHANCE_MESSAGE } from '../fair-chance.ts';
import { SUITS } from './cards.ts';
import { CRAZY_PLAYERS_MAX, CRAZY_PLAYERS_MIN } from './rules.ts';

const Id = z.string().min(1).max(120);
const Instant = z.iso.datetime({ offset: true });
const CardId = z.string().min(1).max(12);
const CardIds = z.array(CardId);
const Count = z.number().int().nonnegative();
export const SuitSchema = z.enum(SUITS);

// Wire moves ---------------------------------------------------------------------------------------------------

/** A player's move as the gateway receives it. */
export const CrazyMove = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), cards: z.array(CardId).min(1).max(104), suit: SuitSchema.optional() }),
  z.object({ type: z.literal('draw') }),
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('qeregn') }),
  z.object({ type: z.literal('crazy'), target: Id }),
  z.object({ type: z.literal('face_penalty') }),
]);
export type CrazyMove = z.infer<typeof CrazyMove>;

// Commands -----------------------------------------------------------------------------------------------------

/** Plays one card, or a multi-card drop (a 7 then cards of its suit, or the twins), in the order given. */
export const PlayCards = z.object({
  type: z.literal('PlayCards'),
  data: z.object({ playerId: Id, cards: CardIds, suit: SuitSchema.optional(), at: Instant }),
});
export type PlayCards = z.infer<typeof PlayCards>;

export const DrawCard = z.object({ type: z.literal('DrawCard'), data: z.object({ playerId: Id, at: Instant }) });
export type DrawCard = z.infer<typeof DrawCard>;

/** Yelegnm ("I don't have"): after drawing; while facing a chain it draws the chain and passes. */
export const Pass = z.object({ type: z.literal('Pass'), data: z.object({ playerId: Id, at: Instant }) });
export type Pass = z.infer<typeof Pass>;

/** Takes the whole penalty chain and keeps the turn. */
export const FacePenalty = z.object({ type: z.literal('FacePenalty'), data: z.object({ playerId: Id, at: Instant }) });
export type FacePenalty = z.infer<typeof FacePenalty>;

/** Qeregn ("ቀረኝ", one card left): any time while holding exactly one card. */
export const SayQeregn = z.object({ type: z.literal('SayQeregn'), data: z.object({ playerId: Id, at: Instant }) });
export type SayQeregn = z.infer<typeof SayQeregn>;

/** Calls Crazy on `target` (any time, by anyone else still in the match). */
export const CallCrazy = z.object({
  type: z.literal('CallCrazy'),
  data: z.object({ playerId: Id, target: Id, at: Instant }),
});
export type CallCrazy = z.infer<typeof CallCrazy>;

/**
 * Sent by the engine's timer for turn `turn` (CrazyState.turnNumber when it was scheduled). The game trusts the
 * timer's `at` (the rooms layer may time an offline player out early); a turn no longer current is a no-op.
 */
export const TimeoutTurn = z.object({ type: z.literal('TimeoutTurn'), data: z.object({ turn: Count, at: Instant }) });
export type TimeoutTurn = z.infer<typeof TimeoutTurn>;

export { REMOVAL_REASONS, type RemovalReason };

/** A player leaves the match (or the rooms layer takes them out). Removing a player already out is a no-op. */
export const RemovePlayer = z.object({
  type: z.literal('RemovePlayer'),
  data: z.object({ playerId: Id, at: Instant, reason: z.enum(REMOVAL_REASONS) }),
});
export type RemovePlayer = z.infer<typeof RemovePlayer>;

export const CrazyCommand = z.discriminatedUnion('type', [
  PlayCards,
  DrawCard,
  Pass,
  FacePenalty,
  SayQeregn,
  CallCrazy,
  TimeoutTurn,
  RemovePlayer,
]);
export type CrazyCommand = z.infer<typeof CrazyCommand>;

/** The decider's command for a wire move by `playerId` at `at`. */
export function moveToCommand(move: CrazyMove, playerId: string, at: string): CrazyCommand {
  switch (move.type) {
    case 'play':
      return { type: 'PlayCards', data: { playerId, cards: move.cards, ...(move.suit ? { suit: move.suit } : {}), at } };
    case 'draw':
      return { type: 'DrawCard', data: { playerId, at } };
    case 'pass':
      return { type: 'Pass', data: { playerId, at } };
    case 'qeregn':
      return { type: 'SayQeregn', data: { playerId, at } };
    case 'crazy':
      return { type: 'CallCrazy', data: { playerId, target: move.target, at } };
    case 'face_penalty':
      return { type: 'FacePenalty', data: { playerId, at } };
  }
}

// Events -------------------------------------------------------------------------------------------------------

export const RuleNumbers = z.object({
  twoDraw: Count,
  aceOfSpadesDraw: Count,
  wrongCardDraw: Count,
  falseJokerDraw: Count,
  callDraw: Count,
  falseCallDraw: Count,
  forgottenQeregnDraw: Count,
  timeoutDraw: Count,
  timeoutsToRemove: z.number().int().positive(),
  winPoints: Count,
});

/**
 * The match's first event: the seats, the dealt hands and the deck (first id = next drawn), all drawn by
 * startEvents() from the match's fair stream (`fairness`: its seeds, secret until the end; `bytesUsed`: what the deal
 * and the starter drew of it), and the rule numbers in force. The starter has the first turn on an empty pile.
 * Matches started before Crazy drew from the fairness module hold `seed` instead (games/fair-chance.ts).
 */
export const CrazyStarted = z.object({
  type: z.literal('CrazyStarted'),
  data: z
    .object({
      matchId: Id,
      roomCode: z.string().min(1).max(20),
      /** Seat order: play goes this way until a 5 reverses it. */
      players: z.array(Id).min(CRAZY_PLAYERS_MIN).max(CRAZY_PLAYERS_MAX),
      starter: Id,
      hands: z.record(z.string(), CardIds),
      deck: CardIds,
      turnMs: z.number().int().positive(),
      startedAt: Instant,
      fairness: FairSeeds.optional(),
      bytesUsed: BytesUsed.optional(),
      /** Only in a match started before the fairness module. */
      seed: z.string().min(1).max(200).optional(),
      rules: RuleNumbers,
    })
    .refine(hasOneChance, ONE_CHANCE_MESSAGE),
});
export type CrazyStarted = z.infer<typeof CrazyStarted>;

export { PLAY_EFFECTS, type PlayEffect };

/**
 * `cards` go from the hand onto the pile (the last one on top); `suit` is the suit in force after; `effect` is the
 * single card's effect (a drop has none): draw_two / draw_five add to the chain, reverse flips the direction.
 */
export const CardsPlayed = z.object({
  type: z.literal('CardsPlayed'),
  data: z.object({ playerId: Id, cards: CardIds.min(1), suit: SuitSchema, effect: z.enum(PLAY_EFFECTS), at: Instant }),
});
export type CardsPlayed = z.infer<typeof CardsPlayed>;

export { WRONG_PLAY_REASONS, type WrongPlayReason };

/** A play the pile does not take (or a last card without Qeregn): the cards stay, CardsDrawn (same reason) follows. */
export const WrongPlay = z.object({
  type: z.literal('WrongPlay'),
  data: z.object({ playerId: Id, cards: CardIds.min(1), reason: z.enum(WRONG_PLAY_REASONS), at: Instant }),
});
export type WrongPlay = z.infer<typeof WrongPlay>;

export { DRAW_REASONS, type DrawReason };

/**
 * `cards` go from the top of the deck into the hand. `owed` is how many the rule asked for (more than `cards` only
 * when every other card is in a hand). `draw` is the turn's one draw; `penalty` takes the whole chain.
 */
export const CardsDrawn = z.object({
  type: z.literal('CardsDrawn'),
  data: z.object({ playerId: Id, cards: CardIds, owed: Count, reason: z.enum(DRAW_REASONS), at: Instant }),
});
export type CardsDrawn = z.infer<typeof CardsDrawn>;

/**
 * The pile under its top card, shuffled by the match's stream where it had got to, goes under the deck (`cards` in
 * their new order); `bytesUsed`: the stream's position after the shuffle (absent in matches from before fairness).
 */
export const PileReshuffled = z.object({
  type: z.literal('PileReshuffled'),
  data: z.object({ cards: CardIds, at: Instant, bytesUsed: BytesUsed.optional() }),
});
export type PileReshuffled = z.infer<typeof PileReshuffled>;

export const TURN_PASS_REASONS = ['played', 'passed', 'timed_out', 'removed'] as const;
export type TurnPassReason = (typeof TURN_PASS_REASONS)[number];

/**
 * The turn goes from `from` to `to` (the same player after a two-player 5 or 7), with a fresh timer. `suitLocked`:
 * `to` may not change the suit with an 8/J this turn.
 */
export const TurnPassed = z.object({
  type: z.literal('TurnPassed'),
  data: z.object({ from: Id, to: Id, reason: z.enum(TURN_PASS_REASONS), suitLocked: z.boolean(), at: Instant }),
});
export type TurnPassed = z.infer<typeof TurnPassed>;

export const QeregnSaid = z.object({ type: z.literal('QeregnSaid'), data: z.object({ playerId: Id, at: Instant }) });
export type QeregnSaid = z.infer<typeof QeregnSaid>;

/** `playerId`'s grace window to say Qeregn closed (the next player acted): from now a Crazy call can catch them. */
export const QeregnWindowClosed = z.object({
  type: z.literal('QeregnWindowClosed'),
  data: z.object({ playerId: Id, at: Instant }),
});
export type QeregnWindowClosed = z.infer<typeof QeregnWindowClosed>;

/** A Crazy call; CardsDrawn follows (the target's on a right call, the caller's on a false one). */
export const CrazyCalled = z.object({
  type: z.literal('CrazyCalled'),
  data: z.object({ callerId: Id, targetId: Id, right: z.boolean(), at: Instant }),
});
export type CrazyCalled = z.infer<typeof CrazyCalled>;

/** `playerId`'s turn `turn` ran out (or they moved after its deadline). */
export const TurnTimedOut = z.object({
  type: z.literal('TurnTimedOut'),
  data: z.object({ playerId: Id, turn: Count, at: Instant }),
});
export type TurnTimedOut = z.infer<typeof TurnTimedOut>;

/** A player is out; `returned` (their hand) goes under the deck. */
export const PlayerRemoved = z.object({
  type: z.literal('PlayerRemoved'),
  data: z.object({ playerId: Id, reason: z.enum(REMOVAL_REASONS), returned: CardIds, at: Instant }),
});
export type PlayerRemoved = z.infer<typeof PlayerRemoved>;

export { CRAZY_END_REASONS, type CrazyEndReason };

/** The match is over: `winner` emptied their hand, or is the only player left. `scores` has every seat. */
export const CrazyFinished = z.object({
  type: z.literal('CrazyFinished'),
  data: z.object({ winner: Id, reason: z.enum(CRAZY_END_REASONS), scores: z.record(z.string(), Count), at: Instant }),
});
export type CrazyFinished = z.infer<typeof CrazyFinished>;

export const CrazyEvent = z.discriminatedUnion('type', [
  CrazyStarted,
  CardsPlayed,
  WrongPlay,
  CardsDrawn,
  PileReshuffled,
  TurnPassed,
  QeregnSaid,
  QeregnWindowClosed,
  CrazyCalled,
  TurnTimedOut,
  PlayerRemoved,
  CrazyFinished,
]);
export type CrazyEvent = z.infer<typeof CrazyEvent>;

export const CRAZY_EVENT_TYPES: readonly CrazyEvent['type'][] = CrazyEvent.options.map((option) => option.shape.type.value);
export const isCrazyEvent = (event: { type: string }): event is CrazyEvent => (CRAZY_EVENT_TYPES as readonly string[]).includes(event.type);

// Rejections ---------------------------------------------------------------------------------------------------

/** Every name has an English and Amharic message in messages.en-am.ts. */
export const CRAZY_REJECTIONS = [
  'game_over',
  /** The player is not in this match, or has left it. */
  'not_your_match',
  'not_your_turn',
  /** A play with no cards. */
  'no_cards_selected',
  /** A card id that is not in the mover's hand, or the same id twice. */
  'card_not_in_hand',
  /** Several cards that are neither a 7 followed by cards of its suit nor the two twins. */
  'invalid_combination',
  /** `suit` sent with a play that cannot choose one (not a single 8 or J). */
  'suit_not_allowed',
  /** The player after an 8/J suit change tried to change the suit again. */
  'suit_change_locked',
  /** A plain draw while a penalty chain is aimed at the mover. */
  'must_answer_penalty',
  'already_drew',
  /** Pass before the turn's draw. */
  'draw_first',
  /** Draw with the deck and the pile under the top both empty. */
  'nothing_to_draw',
  /** face_penalty without a chain. */
  'no_penalty',
  'qeregn_needs_one_card',
  'already_said_qeregn',
  'cannot_call_self',
  /** The Crazy target is not a player still in this match. */
  'unknown_target',
] as const;
export type CrazyRejection = (typeof CRAZY_REJECTIONS)[number];

export const isCrazyRejection = (result: readonly CrazyEvent[] | CrazyRejection): result is CrazyRejection => typeof result === 'string';
