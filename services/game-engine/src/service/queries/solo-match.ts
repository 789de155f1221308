/** Single-player Hangman's matches: summary, the player's game in progress, and the replay of a finished one. */
import type { EventStore, SqlExecutor } from '@qal/events';
import { decide, evolve, replay as replayHangman } from '../../games/hangman/decider.ts';
import type { HangmanEvent } from '../../games/hangman/messages.ts';
import { NOT_STARTED, type HangmanState } from '../../games/hangman/state.ts';
import { viewFor } from '../../games/hangman/view.ts';
import { hasStarted, viewOf } from '../match.ts';
import { loadMatch } from '../shell.ts';
import type { HangmanReplay, MatchSummary, ReplayStep } from './types.ts';

export async function soloSummary(store: EventStore, matchId: string): Promise<MatchSummary | null> {
  const { match, stored } = await loadMatch(store, matchId);
  if (!match) return null;
  const version = Number(stored.at(-1)?.globalPosition ?? 0n);
  return { kind: 'hangman', matchId, playerId: match.playerId, status: match.status, view: viewOf(match), version };
}

export async function currentSoloMatch(store: EventStore, db: SqlExecutor, userId: string, now: Date): Promise<MatchSummary | null> {
  const { rows } = await db.query<{ match_id: string }>(
    `select match_id from engine_matches
      where player_id = $1 and game = 'hangman' and status = 'playing' and deadline > $2
      order by started_at desc limit 1`,
    [userId, now.toISOString()],
  );
  const matchId = rows[0]?.match_id;
  if (!matchId) return null;
  const summary = await soloSummary(store, matchId);
  return summary?.status === 'playing' ? summary : null;
}

/**
 * The player's view as of `now`. A game past its deadline reads as the loss its expiry records (the sweeper appends
 * it): a read never writes, and the player never sees a clock that has run out still ticking.
 */
export async function soloViewAt(store: EventStore, matchId: string, viewerId: string | null, now: Date) {
  const { match, stored } = await loadMatch(store, matchId);
  if (!match || match.playerId !== viewerId) return null;
  const version = Number(stored.at(-1)?.globalPosition ?? 0n);
  const game = match.hangman;
  if (game.status === 'playing' && now.getTime() >= Date.parse(game.deadline)) {
    const expired = decide({ type: 'ExpireHangman', data: { matchId, at: game.deadline } }, game);
    const view = typeof expired === 'string' ? null : viewFor(expired.reduce(evolve, game as HangmanState), matchId);
    if (view) return { version, view };
  }
  const view = viewOf(match);
  return view ? { version, view } : null;
}

/** 'match_not_over' while it is on, null when there is no such match. */
export async function soloReplay(store: EventStore, matchId: string): Promise<HangmanReplay | 'match_not_over' | null> {
  const { match, events } = await loadMatch(store, matchId);
  if (!match || !hasStarted(match)) return null;
  if (match.hangman.status === 'playing' || match.hangman.status === 'not_started') return 'match_not_over';
  return replayOf(matchId, events.filter(isHangmanEvent));
}

const HANGMAN_EVENT_TYPES = new Set(['HangmanStarted', 'LetterGuessed', 'HintUsed', 'HangmanWon', 'HangmanLost']);
const isHangmanEvent = (event: { type: string }): event is HangmanEvent => HANGMAN_EVENT_TYPES.has(event.type);

function replayOf(matchId: string, events: readonly HangmanEvent[]): HangmanReplay {
  const steps: ReplayStep[] = [];
  let state: HangmanState = NOT_STARTED;
  for (const event of events) {
    state = evolve(state, event);
    const view = viewFor(state, '')!;
    const index = steps.length;
    switch (event.type) {
      case 'HangmanStarted':
        steps.push({ index, kind: 'start', at: event.data.startedAt, view });
        break;
      case 'LetterGuessed':
        steps.push({ index, kind: 'guess', at: event.data.at, letter: event.data.letter, hit: event.data.hit, view });
        break;
      case 'HintUsed':
        steps.push({ index, kind: 'hint', at: event.data.at, letter: event.data.letter, view });
        break;
      case 'HangmanWon':
        steps.push({ index, kind: 'won', at: event.data.at, view });
        break;
      case 'HangmanLost':
        steps.push({ index, kind: 'lost', at: event.data.at, view });
        break;
    }
  }
  const final = replayHangman(events);
  const finalView = viewFor(final, '')!;
  return { kind: 'hangman', matchId, word: finalView.word ?? '', final: finalView, steps };
}
