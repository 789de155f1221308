/**
 * The most recent thing at the table that the other players should hear about (a catch, a false call, Qeregn, a
 * penalty taken, a card played...), folded from the events so the live table can announce it. Only public facts: a
 * played card is on the pile for everyone, a draw or a penalty is a count, and the cards of a wrong play go back
 * into the hand, so they are not named here (the replay names them once the match is over).
 *
 * `seq` is the state's event count when it happened (it only grows), so a client tells a new one from one it has
 * already announced. A command's follow-up events complete the fact its first event set (CrazyCalled then the
 * cards drawn; TurnTimedOut then the card or the chain taken): they are matched by player and `at`, which every
 * event of one command shares.
 */
import type { PlayEffect, RemovalReason, WrongPlayReason, CrazyEvent } from './messages.ts';
import type { Suit } from './cards.ts';
import { handOf, nextPlayer, playingIds, type CrazyState } from './state.ts';

interface Fact {
  /** CrazyState.seq after the event that set (or completed) it. */
  readonly seq: number;
  readonly at: string;
  /** Who acted: the player who played, drew, declared, called, ran out of time or left. */
  readonly by: string;
}

export type CrazyLast =
  | (Fact & {
      readonly kind: 'played';
      /** Card ids, as played (the last one on top). */
      readonly cards: readonly string[];
      readonly effect: PlayEffect;
      /** The suit an 8/J asked for (effect suit_choice only). */
      readonly suit?: Suit;
      /** Who loses their turn: the next player after a 7, or the other player after a 5 with two left. */
      readonly skipped?: string;
    })
  | (Fact & { readonly kind: 'wrong_play'; readonly reason: WrongPlayReason; readonly count: number })
  | (Fact & { readonly kind: 'drew'; readonly count: number })
  | (Fact & { readonly kind: 'penalty_taken'; readonly count: number })
  | (Fact & { readonly kind: 'passed' })
  | (Fact & { readonly kind: 'qeregn' })
  /** `by` called Crazy on `target` and was right: `target` drew `count`. */
  | (Fact & { readonly kind: 'caught'; readonly target: string; readonly count: number })
  /** `by` called Crazy on `target` and was wrong: `by` drew `count`. */
  | (Fact & { readonly kind: 'false_call'; readonly target: string; readonly count: number })
  /** `count`: the card (or the chain) the timeout drew, 0 when it drew nothing. */
  | (Fact & { readonly kind: 'timed_out'; readonly count: number })
  | (Fact & { readonly kind: 'left'; readonly reason: RemovalReason });

export type CrazyLastKind = CrazyLast['kind'];

/**
 * `state.last` after `event` (the same object when the event is not worth announcing). `seq` is the state's seq
 * after the event. States stored before this field existed have no `last`: they start from null.
 */
export function lastAfter(state: CrazyState, event: CrazyEvent, seq: number): CrazyLast | null {
  const previous = state.last ?? null;
  switch (event.type) {
    case 'CrazyStarted':
      return null;
    case 'CardsPlayed': {
      const { playerId: by, cards, suit, effect, at } = event.data;
      // A 5 between two players gives the turn straight back, as a 7 does; a last card skips nobody (the game is won).
      const emptied = handOf(state, by).length === cards.length;
      const skips = !emptied && (effect === 'skip' || (effect === 'reverse' && playingIds(state).length === 2));
      return {
        kind: 'played',
        seq,
        at,
        by,
        cards: [...cards],
        effect,
        ...(effect === 'suit_choice' ? { suit } : {}),
        ...(skips ? { skipped: nextPlayer(state, by, state.direction, 1) } : {}),
      };
    }
    case 'CardsDrawn': {
      const { playerId, cards, reason, at } = event.data;
      const count = cards.length;
      const sameCommand = previous !== null && previous.at === at;
      switch (reason) {
        case 'draw':
          return { kind: 'drew', seq, at, by: playerId, count };
        case 'crazy_call':
          return sameCommand && previous.kind === 'caught' && previous.target === playerId ? { ...previous, seq, count } : previous;
        case 'false_crazy_call':
          return sameCommand && previous.kind === 'false_call' && previous.by === playerId ? { ...previous, seq, count } : previous;
        case 'timeout':
        case 'penalty':
          // The chain or the card a timeout draws belongs to the timeout.
          if (sameCommand && previous.kind === 'timed_out' && previous.by === playerId) return { ...previous, seq, count };
          return reason === 'penalty'
            ? { kind: 'penalty_taken', seq, at, by: playerId, count }
            : { kind: 'timed_out', seq, at, by: playerId, count };
        default:
          return { kind: 'wrong_play', seq, at, by: playerId, reason, count };
      }
    }
    case 'CrazyCalled': {
      const { callerId, targetId, right, at } = event.data;
      return { kind: right ? 'caught' : 'false_call', seq, at, by: callerId, target: targetId, count: 0 };
    }
    case 'TurnPassed': {
      const { from, reason, at } = event.data;
      if (reason !== 'passed') return previous;
      // Passing under a chain takes it first: the penalty is the news.
      const tookChain = previous?.kind === 'penalty_taken' && previous.by === from && previous.at === at;
      return tookChain ? previous : { kind: 'passed', seq, at, by: from };
    }
    case 'QeregnSaid':
      return { kind: 'qeregn', seq, at: event.data.at, by: event.data.playerId };
    case 'TurnTimedOut':
      return { kind: 'timed_out', seq, at: event.data.at, by: event.data.playerId, count: 0 };
    case 'PlayerRemoved':
      return { kind: 'left', seq, at: event.data.at, by: event.data.playerId, reason: event.data.reason };
    case 'WrongPlay':
    case 'PileReshuffled':
    case 'QeregnWindowClosed':
    case 'CrazyFinished':
      return previous;
  }
}
