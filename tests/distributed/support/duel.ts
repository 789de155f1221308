/**
 * The word duel as the fault scenarios play it in a room (rooms.ts): two players, the host sending
 * through gateway 1, the guest through gateway 2, an entry fee and a bet.
 *
 * The plan: the first seat sets PLAN_WORDS[0], the second PLAN_WORDS[1], each guesser guesses the letters of the
 * word in order, so the solver of the longer word wins. A turn that times out under a fault only changes the
 * scores: the checks take the winners from the final view and derive the pot's payout from them.
 */
import { expect } from 'vitest';
import { playRoom, type MatchMover, type RoomGame, type RoomJourney } from './rooms.ts';

/** Set in seat order; distinct letters keep the duel short (3 guesses each). */
export const PLAN_WORDS = ['banana', 'cat'] as const;

export interface DuelView {
  readonly matchId: string;
  readonly status: 'playing' | 'finished';
  readonly phase: 'setting' | 'guessing' | 'round_over' | 'finished';
  readonly round: number;
  readonly setterId: string | null;
  readonly currentPlayerId: string | null;
  readonly turn: number;
  readonly guessed: readonly string[];
  readonly scores: Readonly<Record<string, number>>;
  readonly players?: readonly { readonly id: string; readonly status: 'playing' | 'left' }[];
  readonly lastRounds?: readonly {
    readonly setterId: string;
    readonly word: string | null;
    readonly outcome: string;
    readonly solvedBy?: string;
  }[];
  readonly winners?: readonly string[];
}

export const duelGame: RoomGame<DuelView> = {
  game: 'hangman',
  gameDuration: 'normal',
  entryFee: 10,
  stake: 10,
  language: 'en',
  streamPrefix: 'duel-',
  finishedEvent: 'DuelFinished',
  movedOn: new Set(['not_your_turn', 'not_setting_phase', 'not_the_setter', 'not_guessing_phase', 'game_over', 'not_your_match']),
  winnersOf: (view) => view.winners ?? [],
  /** Finished beats playing; else the higher turn counter. */
  newer(a, b) {
    if (!a || !b) return a ?? b;
    if ((a.status === 'finished') !== (b.status === 'finished')) return a.status === 'finished' ? a : b;
    return b.turn > a.turn ? b : a;
  },
  describe(final, name) {
    const rounds = final.lastRounds?.map((r) => `${name(r.setterId)} set ${r.word ?? '-'}: ${r.outcome}`).join('; ') ?? '?';
    const scores = Object.entries(final.scores)
      .map(([id, s]) => `${name(id)} ${s}`)
      .join(', ');
    return `${rounds}; scores ${scores}`;
  },
  async expectFinal(_cluster, room) {
    // winners: the top scorers among those still playing (one out after 3 timed-out turns cannot win)
    const final = room.final!;
    const out = new Set((final.players ?? []).filter((p) => p.status === 'left').map((p) => p.id));
    const remaining = Object.entries(final.scores).filter(([id]) => !out.has(id));
    const top = Math.max(...remaining.map(([, score]) => score));
    const best = remaining.filter(([, score]) => score === top).map(([id]) => id);
    expect([...room.winners()].sort(), `${room.label}: the winners are the top scorers`).toEqual(best.sort());
  },
};

/** Both players play the plan until their views say the duel is over. */
export async function playDuel(room: RoomJourney<DuelView>): Promise<void> {
  const words = new Map<string, string>();
  await playRoom(room, ({ player }): MatchMover<DuelView> => {
    let actedOnTurn = -1;
    return {
      hasMoveNow: (v) => v.turn !== actedOnTurn && v.currentPlayerId === player.userId && (v.phase === 'setting' || v.phase === 'guessing'),
      next(v) {
        actedOnTurn = v.turn;
        if (v.phase === 'setting') {
          const word = words.get(player.userId) ?? PLAN_WORDS[words.size % PLAN_WORDS.length]!;
          words.set(player.userId, word);
          return { label: `round ${v.round} set word`, move: { type: 'set_word', word } };
        }
        const word = words.get(v.setterId ?? '') ?? '';
        const letter = [...new Set(word)].find((l) => !v.guessed.includes(l));
        if (!letter) throw new Error(`${room.label}: ${player.name} has nothing to guess in ${JSON.stringify(v)}`);
        return { label: `round ${v.round} guess ${letter}`, move: { type: 'guess', letter } };
      },
    };
  });
}
