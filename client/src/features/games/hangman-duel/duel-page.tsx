import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { LeaveMatch } from '../../../components/match/match-parts.tsx';
import { PageSkeleton } from '../../../components/skeleton.tsx';
import type { RoomGameProps } from '../../../lib/games/registry.tsx';
import type { TurnState } from '../../../lib/rooms/room-machine.ts';
import { Announcer } from './duel-announcer.tsx';
import { Board } from './duel-board.tsx';
import { FinalResult } from './duel-result.tsx';
import { RoundResults, Scores } from './duel-scores.tsx';

/**
 * `/multiplayer/game/{code}` for a word duel room: the board, scores and rounds, driven by the room machine the room
 * game page runs (its `match:<matchId>:<me>` channel brings this player's own view).
 */
export default function DuelGame({ room, me, session, busy, onRematch, onLeave }: RoomGameProps) {
  const { t } = useTranslation('multiplayer');
  const { snapshot, send } = session;
  const { match } = snapshot.context;

  const guess = useCallback((letter: string) => send({ type: 'GUESS', letter }), [send]);
  const turn: TurnState = snapshot.matches({ lifecycle: { inProgress: 'setting' } })
    ? 'setting'
    : snapshot.matches({ lifecycle: { inProgress: 'guessing' } })
      ? 'guessing'
      : snapshot.matches({ lifecycle: 'finished' }) || snapshot.matches({ lifecycle: { inProgress: 'over' } })
        ? 'over'
        : 'watching';
  // A move sent, or the board being read again after one was refused: a tap now would be dropped, so the keys and
  // the set-word button wait (and say so) until the board is current.
  const moving = snapshot.matches({ request: 'moving' }) || snapshot.matches({ request: 'refreshing' });

  if (!match) return <PageSkeleton />;

  return (
    <section className="page mp-page mp-game" aria-labelledby="game-title" data-testid="duel">
      <header className="row row-between">
        <h1 id="game-title" className="mp-game-title">
          {room.roomName}
        </h1>
        <span className="badge">{t('game.round', { round: Math.min(match.round, match.rounds), rounds: match.rounds })}</span>
      </header>
      {turn === 'over' ? (
        <FinalResult room={room} match={match} me={me} busy={busy} onRematch={onRematch} />
      ) : (
        <Board
          room={room}
          match={match}
          me={me}
          turn={turn}
          moving={moving}
          onGuess={guess}
          onHint={() => send({ type: 'HINT' })}
          onSetWord={(word) => send({ type: 'SET_WORD', word })}
        />
      )}
      <Scores room={room} match={match} me={me} />
      <RoundResults room={room} match={match} />
      {turn !== 'over' && <FairnessSeal matchId={match.matchId} fairness={match.fairness} />}
      {turn !== 'over' && match.players.some((p) => p.id === me && p.status === 'playing') && (
        <LeaveMatch penalty={room.penalty} busy={busy} onLeave={onLeave} />
      )}
      <Announcer room={room} match={match} me={me} />
    </section>
  );
}
