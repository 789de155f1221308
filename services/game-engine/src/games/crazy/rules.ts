/**
 * Every number Crazy's rules depend on, and the decisions this module makes where the table rules
 * (docs/product-rules.md, "Crazy") leave room or where the prior system got them wrong. Kept beside the game (like
 * the word duel's rules.ts) so the rules stay in one folder; CrazyStarted copies the numbers a match needs, so a
 * later change never alters an open match. messages.en-am.ts builds the instructions (en + am) from these.
 *
 * Decisions (each has a given/when/then test in crazy.test.ts):
 *
 * 1. Deal. Two 52-card decks (104 cards, ids `h-A-1` / `h-A-2`: suit letter, rank, deck copy), shuffled by the
 *    match's seed. A starter picked by the seed gets 6 cards, everyone else 5. The pile starts empty: the starter's
 *    first card may be any card (its effect applies). Play goes in seat order ("counterclockwise", as the prior
 *    system called it) until a 5 reverses it.
 * 2. A legal single card matches the current suit or the top card's rank; an 8 or a J goes on anything.
 * 3. A wrong card is not a rejection: it is the game's own penalty, as at a real table (a wrong card draws 2:
 *    docs/product-rules.md). A play that is well formed (the mover's turn, cards from their hand, a valid
 *    combination) but not legal on the pile leaves the cards in the hand and draws CRAZY_WRONG_CARD_DRAW; the player
 *    keeps the turn (and its deadline). It is a "false joker" (CRAZY_FALSE_JOKER_DRAW) when the card's colour (red
 *    ♥♦, black ♣♠) also differs from the current suit's colour, i.e. it matches nothing at all. While facing a
 *    penalty any play that is not a single stacking card is a wrong card (CRAZY_WRONG_CARD_DRAW, never a false
 *    joker), as the prior system's "Invalid penalty card" was. What the client can check without the pile (a card
 *    not in the hand, a malformed combination, a suit sent with a card that cannot choose one, not your turn) is a
 *    named rejection instead.
 * 4. Penalties: a 2 adds CRAZY_TWO_DRAW, the A♠ adds CRAZY_ACE_OF_SPADES_DRAW, to the chain aimed at the next
 *    player. On a 2 any 2 stacks, and the A♠ stacks only on the 2♠; on the A♠ only the other A♠ or the 2♠ stacks. The
 *    target stacks (one card), takes the chain (`face_penalty`: draws it all, keeps the turn and may then play or
 *    pass without drawing again, where the prior system erred), or passes (draws the chain and the turn passes). A
 *    plain draw while facing a chain is `must_answer_penalty`. A winning last card ends the match; the chain is moot.
 * 5. 5 reverses the direction (with two players the same player plays again); 7 skips the next player (with two
 *    players the same player plays again).
 * 6. 8 and J choose the suit (`suit`, default: the card's own). The player whose turn follows may not change the
 *    suit again with an 8/J (the suit-change lock): their 8/J is still playable and keeps the suit; sending a
 *    different `suit` is `suit_change_locked`. The lock lasts for that one turn.
 * 7. Multi-card drops: a 7 followed by cards of the 7's suit, or the two identical cards (the twins of the two
 *    decks). Every card must be in the hand (each id once); the first card is judged on the pile like a single card
 *    (a wrong first card is a wrong card, decision 3). As in the prior system a drop has no special effect (no
 *    draw, reverse, skip or suit choice; `suit` is `suit_not_allowed`): the suit becomes the last card's suit, except
 *    that a suit-locked player's drop ending in an 8/J keeps the suit. While facing a chain a drop is a wrong card.
 * 8. One draw per turn (`already_drew`), then Pass (Yelegnm) is allowed; Pass before drawing is `draw_first`,
 *    unless there is nothing left to draw (deck and pile under the top both empty: `nothing_to_draw`).
 * 9. When a draw needs more cards than the deck holds, the pile except its top card is shuffled by the seed (the
 *    n-th reshuffle uses `${seed}:reshuffle:${n}`) and put under the deck. If even that is not enough (all cards are
 *    in hands) the draw takes what there is and the rest is forgiven: cards are never created.
 * 10. Qeregn (fixed where the prior system erred). A player whose play leaves them one card has a grace window until
 *    the next player to move acts (the next player's play, draw, pass, face_penalty or timeout; in a two-player
 *    skip/reverse that is themselves). They may declare (`qeregn`) any time while they hold exactly one card, on
 *    their turn or not, even after the window (a late declaration is still a declaration, as at the table). Anyone
 *    else may call Crazy on a player: it is right when the target holds one card, has not declared, and their window
 *    has closed; the target then draws CRAZY_CALL_DRAW. Any other call (including one inside the window) is false:
 *    the caller draws CRAZY_FALSE_CALL_DRAW. Self-calls are `cannot_call_self`. A declaration holds only while the
 *    hand has that one card: any draw clears it. Going out on an undeclared last card is a forgotten Qeregn: the
 *    card stays, the player draws CRAZY_FORGOTTEN_QEREGN_DRAW and keeps the turn. Emptying the hand with a
 *    multi-card drop needs no declaration (the player never held one card).
 * 11. Turn timer: Normal 30 s, Rush 15 s. A timeout draws the penalty chain if one is owed, else one card if the
 *    player has not drawn this turn, then passes. A move after the deadline counts as that timeout. CRAZY_TIMEOUTS_
 *    IN_A_ROW_TO_REMOVE timed-out turns in a row (a played or passed turn resets the count) take the player out.
 * 12. A player who leaves (or is taken out) puts their cards back under the deck (104 cards always); a chain they
 *    owed is cancelled, and the turn passes on if it was theirs. When one player remains, they win.
 * 13. The first to empty their hand wins (one winner). Scores, for ranking only: the winner scores CRAZY_WIN_POINTS
 *    plus the card points (CRAZY_CARD_POINTS) still held by the other players still in the match; everyone else 0.
 *    No match clock: a match ends by a win or when one player is left.
 */
import type { Rank } from './cards.ts';

export const CRAZY_PLAYERS_MIN = 2;
export const CRAZY_PLAYERS_MAX = 8;
export const CRAZY_DECKS = 2;
/** Cards dealt to each player; the starter gets one more and opens on an empty pile. */
export const CRAZY_HAND_CARDS = 5;
export const CRAZY_STARTER_CARDS = 6;

/** A 2 adds this to the chain the next player faces. */
export const CRAZY_TWO_DRAW = 2;
/** The A♠ adds this to the chain. */
export const CRAZY_ACE_OF_SPADES_DRAW = 5;
/** A card that does not go on the pile (decision 3). */
export const CRAZY_WRONG_CARD_DRAW = 2;
/** A wrong card that matches nothing and is of the other colour too (decision 3). */
export const CRAZY_FALSE_JOKER_DRAW = 5;
/** A right Crazy call: the caught player draws this. */
export const CRAZY_CALL_DRAW = 2;
/** Going out on an undeclared last card (decision 10); the prior system's `forgot_qeregn`. */
export const CRAZY_FORGOTTEN_QEREGN_DRAW = 2;
/** A false Crazy call: the caller draws this. */
export const CRAZY_FALSE_CALL_DRAW = 1;
/** A turn that runs out draws this (unless the player drew already or faces a chain) and passes. */
export const CRAZY_TIMEOUT_DRAW = 1;

/** A player whose turns time out this many times in a row is out of the match (as if they had left). */
export const CRAZY_TIMEOUTS_IN_A_ROW_TO_REMOVE = 3;

/** Turn timer by the room's gameDuration. */
export const CRAZY_TURN_SECONDS = { normal: 30, rush: 15 } as const;
export type CrazyGameDuration = keyof typeof CRAZY_TURN_SECONDS;
export const crazyTurnMsOf = (gameDuration: CrazyGameDuration): number => CRAZY_TURN_SECONDS[gameDuration] * 1000;

/** The winner's base score (decision 13). */
export const CRAZY_WIN_POINTS = 100;

/**
 * Points of a card left in a loser's hand (decision 13), Crazy Eights style: the cards that could have gone anywhere
 * or hurt the most cost the most. A 1, 2–10 face value, Q and K 10, the suit-changers 8 and J 20; the A♠ 20.
 */
export const CRAZY_CARD_POINTS: Readonly<Record<Rank, number>> = {
  A: 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 20,
  '9': 9,
  '10': 10,
  J: 20,
  Q: 10,
  K: 10,
};
export const CRAZY_ACE_OF_SPADES_POINTS = 20;

/** The numbers a match is played with, copied into CrazyStarted. */
export interface CrazyRuleNumbers {
  readonly twoDraw: number;
  readonly aceOfSpadesDraw: number;
  readonly wrongCardDraw: number;
  readonly falseJokerDraw: number;
  readonly callDraw: number;
  readonly falseCallDraw: number;
  readonly forgottenQeregnDraw: number;
  readonly timeoutDraw: number;
  readonly timeoutsToRemove: number;
  readonly winPoints: number;
}

export const CRAZY_RULE_NUMBERS: CrazyRuleNumbers = {
  twoDraw: CRAZY_TWO_DRAW,
  aceOfSpadesDraw: CRAZY_ACE_OF_SPADES_DRAW,
  wrongCardDraw: CRAZY_WRONG_CARD_DRAW,
  falseJokerDraw: CRAZY_FALSE_JOKER_DRAW,
  callDraw: CRAZY_CALL_DRAW,
  falseCallDraw: CRAZY_FALSE_CALL_DRAW,
  forgottenQeregnDraw: CRAZY_FORGOTTEN_QEREGN_DRAW,
  timeoutDraw: CRAZY_TIMEOUT_DRAW,
  timeoutsToRemove: CRAZY_TIMEOUTS_IN_A_ROW_TO_REMOVE,
  winPoints: CRAZY_WIN_POINTS,
};
