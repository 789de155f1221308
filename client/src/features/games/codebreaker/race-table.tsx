import { useTranslation } from 'react-i18next';
import type { CodebreakerPlay } from '@qal/events/contracts';
import { DeadlineClock } from '../../../components/countdown.tsx';
import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import {
  LeaveMatch,
  MatchResultActions,
  MatchResultFigures,
  MatchSettlement,
  useNameOf,
  useNetTokens,
} from '../../../components/match/match-parts.tsx';
import { ResultSheet } from '../../../components/result-sheet.tsx';
import { PageSkeleton } from '../../../components/skeleton.tsx';
import type { RoomGameProps } from '../../../lib/games/registry.tsx';
import type { RoomView } from '../../../lib/rooms/rooms-api.ts';
import { CodebreakerBoard, CodeReveal, Pegs } from './codebreaker-board.tsx';
import type { CodeRaceView } from './race-api.ts';
import { useRaceMatch } from './use-race-match.ts';
import './codebreaker.css';

/** `/multiplayer/game/{code}` for a Codebreaker room: everyone races to crack the same code. */
export default function RaceTable(props: RoomGameProps) {
  const matchId = props.room.matchId;
  if (!matchId) return <PageSkeleton />;
  return <Table key={matchId} matchId={matchId} {...props} />;
}

function Table({ room, me, busy, onRematch, onLeave, matchId }: RoomGameProps & { matchId: string }) {
  const { t } = useTranslation('codebreaker');
  const race = useRaceMatch(matchId, me);
  const { view } = race;
  if (!view) return <PageSkeleton />;
  const over = view.status === 'finished';
  const mine = view.players.find((p) => p.id === me);
  return (
    <section className="page mp-page mp-game codebreaker-race" aria-labelledby="race-title" data-testid="codebreaker-race">
      <header className="row row-between">
        <h1 id="race-title" className="mp-game-title">
          {room.roomName}
        </h1>
        {!over && <DeadlineClock deadline={view.deadline} label={t('race.timeLeft')} urgentBelowSec={30} />}
      </header>
      {over ? (
        <RaceResult room={room} view={view} me={me} busy={busy} onRematch={onRematch} />
      ) : (
        <>
          <Racers room={room} view={view} me={me} />
          {mine && (
            <CodebreakerBoard
              play={playOf(view, mine)}
              busy={race.busy}
              onGuess={(digits) => race.move({ type: 'guess_code', digits })}
              onHint={() => race.move({ type: 'code_hint' })}
            />
          )}
          {mine && mine.status !== 'racing' && <p className="card muted">{t('race.waiting')}</p>}
          {mine?.status === 'racing' && <LeaveMatch penalty={room.penalty} busy={busy} onLeave={onLeave} />}
          <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
        </>
      )}
    </section>
  );
}

/** The viewer's own race as the single-player board shows a game (the race's hints are the room's and cost nothing). */
function playOf(view: CodeRaceView, mine: CodeRaceView['players'][number]): CodebreakerPlay {
  const ended = { racing: null, solved: 'solved', out_of_attempts: 'out_of_attempts', left: 'time_up', timed_out: 'time_up' } as const;
  return {
    level: 'medium',
    codeLength: view.codeLength,
    repeatsAllowed: false,
    attemptsMax: view.attemptsMax,
    attemptsUsed: mine.attemptsUsed,
    guesses: mine.guesses.map((g) => ({ digits: g.digits ?? '', exact: g.exact, misplaced: g.misplaced, at: g.at })),
    hintsMax: view.hintsMax,
    hintsUsed: view.hints.length,
    hintCostPoints: 0,
    hints: view.hints,
    timeLimitSeconds: Math.round((Date.parse(view.deadline) - Date.parse(view.startedAt)) / 1000),
    code: view.code,
    allHints: null,
    endReason: ended[mine.status],
  };
}

/** Everyone's progress: attempts and the pegs of their last guess, never another player's digits. */
function Racers({ room, view, me }: { room: RoomView; view: CodeRaceView; me: string }) {
  const { t } = useTranslation('codebreaker');
  const nameOf = useNameOf(room);
  return (
    <ul className="race-racers" aria-label={t('race.players')} data-testid="racers">
      {view.players
        .filter((p) => p.id !== me)
        .map((p) => {
          const last = p.guesses.at(-1);
          return (
            <li key={p.id} className="race-racer" data-testid="racer">
              <span className="grow">{nameOf(p.id)}</span>
              <span className="small muted">{t(`race.status.${p.status}`, { used: p.attemptsUsed, max: view.attemptsMax })}</span>
              {last && <Pegs exact={last.exact} misplaced={last.misplaced} length={view.codeLength} />}
            </li>
          );
        })}
    </ul>
  );
}

function RaceResult({
  room,
  view,
  me,
  busy,
  onRematch,
}: {
  room: RoomView;
  view: CodeRaceView;
  me: string;
  busy: boolean;
  onRematch: () => void;
}) {
  const { t } = useTranslation('codebreaker');
  const nameOf = useNameOf(room);
  const tokens = useNetTokens(view.matchId, null);
  const won = view.winners.includes(me);
  const title = won
    ? view.winners.length > 1
      ? t('race.tie')
      : t('race.won')
    : view.winners.length > 0
      ? t('race.lost', { name: view.winners.map(nameOf).join(', ') })
      : t('race.noWinner');
  const ranked = [...view.players].sort((a, b) => b.score - a.score);
  return (
    <ResultSheet won={won} testId="final-result" title={title}>
      {view.code && <CodeReveal code={view.code} />}
      <MatchResultFigures score={view.players.find((p) => p.id === me)?.score ?? 0} tokens={tokens} />
      <ol className="mp-scores" data-testid="scores">
        {ranked.map((p) => (
          <li key={p.id} className="mp-score" data-testid="score-row">
            <span className="grow">{nameOf(p.id)}</span>
            <span className="small muted">{t(`race.status.${p.status}`, { used: p.attemptsUsed, max: view.attemptsMax })}</span>
            <strong>{p.score}</strong>
          </li>
        ))}
      </ol>
      <MatchSettlement room={room} matchId={view.matchId} />
      <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
      <MatchResultActions room={room} me={me} matchId={view.matchId} busy={busy} onRematch={onRematch} />
    </ResultSheet>
  );
}
