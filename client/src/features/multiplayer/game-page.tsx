import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocaleLink, useTo } from '../../components/locale-link.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { KEYS_RETRY_MS } from '../../config/constants.ts';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { notify } from '../../lib/notify.ts';
import { fetchHangmanOptions } from '../hangman/hangman-api.ts';
import { Keyboard, usePhysicalKeyboard } from '../hangman/keyboard.tsx';
import { WordSlots } from '../hangman/word-slots.tsx';
import '../hangman/hangman.css';
import { BackToLobby, DeadlineClock, LeaveMatch, useCodeParam, useNameOf, useNetTokens } from './parts.tsx';
import type { TurnState } from './room-machine.ts';
import type { DuelView, RoomView } from './rooms-api.ts';
import { isCrazyRoom } from './room-rules.ts';
import { useRoom } from './use-room.ts';

/** The Crazy table is its own chunk: a duel never loads it. */
const CrazyTable = lazy(() => import('./crazy/crazy-table.tsx'));
import './multiplayer.css';

/** `/multiplayer/game/{code}`: the live word duel; `match:<matchId>:<me>` brings this player's own view. */
export function GamePage() {
  const code = useCodeParam();
  const me = useAuth(selectUser)?.id ?? '';
  const { t } = useTranslation('multiplayer');
  if (!code)
    return (
      <section className="page mp-page">
        <h1>{t('room.notFound')}</h1>
        <BackToLobby />
      </section>
    );
  return <Duel key={code} code={code} me={me} />;
}

function Duel({ code, me }: { code: string; me: string }) {
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('game.metaTitle'), t('lobby.metaDescription'));
  const navigate = useNavigate();
  const to = useTo();
  const { snapshot, send } = useRoom(code, me, ({ action }) => {
    if (action.type !== 'leave') return;
    notify.info(t('game.leftMatch'));
    void navigate(to('/multiplayer'));
  });
  const { room, match } = snapshot.context;
  const waiting = snapshot.matches({ lifecycle: 'waiting' });

  // Before the start, and after a rematch, the room is the place to be.
  useEffect(() => {
    if (waiting) void navigate(to(`/multiplayer/room/${code}`), { replace: true });
  }, [waiting, code, navigate, to]);

  const guess = useCallback((letter: string) => send({ type: 'GUESS', letter }), [send]);
  const turn: TurnState = snapshot.matches({ lifecycle: { inProgress: 'setting' } })
    ? 'setting'
    : snapshot.matches({ lifecycle: { inProgress: 'guessing' } })
      ? 'guessing'
      : snapshot.matches({ lifecycle: 'finished' }) || snapshot.matches({ lifecycle: { inProgress: 'over' } })
        ? 'over'
        : 'watching';
  const moving = snapshot.matches({ request: 'moving' });
  usePhysicalKeyboard(turn === 'guessing' && !moving && match?.language === 'en', guess);

  if (snapshot.matches({ lifecycle: 'unavailable' }))
    return (
      <section className="page mp-page">
        <h1>{t('room.unavailable')}</h1>
        <div className="row">
          <button type="button" className="button" onClick={() => send({ type: 'REFRESH' })}>
            {t('join.retry')}
          </button>
          <BackToLobby />
        </div>
      </section>
    );
  if (snapshot.matches({ lifecycle: 'closed' }))
    return (
      <section className="page mp-page">
        <p className="card" role="status">
          {t('room.closed')}
        </p>
        <BackToLobby />
      </section>
    );
  if (room && isCrazyRoom(room))
    return (
      <Suspense fallback={<PageSkeleton />}>
        <CrazyTable
          room={room}
          me={me}
          busy={!snapshot.matches({ request: 'idle' })}
          onRematch={() => send({ type: 'ACT', action: { type: 'rematch' } })}
          onLeave={() => send({ type: 'ACT', action: { type: 'leave' } })}
        />
      </Suspense>
    );
  if (!room || !match) return <PageSkeleton />;

  return (
    <section className="page mp-page mp-game" aria-labelledby="game-title" data-testid="duel">
      <header className="row row-between">
        <h1 id="game-title" className="mp-game-title">
          {room.roomName}
        </h1>
        <span className="badge">{t('game.round', { round: Math.min(match.round, match.rounds), rounds: match.rounds })}</span>
      </header>
      {turn === 'over' ? (
        <FinalResult
          room={room}
          match={match}
          me={me}
          busy={!snapshot.matches({ request: 'idle' })}
          onRematch={() => send({ type: 'ACT', action: { type: 'rematch' } })}
        />
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
      {turn !== 'over' && match.players.some((p) => p.id === me && p.status === 'playing') && (
        <LeaveMatch
          penalty={room.penalty}
          busy={!snapshot.matches({ request: 'idle' })}
          onLeave={() => send({ type: 'ACT', action: { type: 'leave' } })}
        />
      )}
      <Announcer room={room} match={match} me={me} />
    </section>
  );
}

function Board({
  room,
  match,
  me,
  turn,
  moving,
  onGuess,
  onHint,
  onSetWord,
}: {
  room: RoomView;
  match: DuelView;
  me: string;
  turn: TurnState;
  moving: boolean;
  onGuess: (letter: string) => void;
  onHint: () => void;
  onSetWord: (word: string) => void;
}) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const keys = useKeys(match.language);
  const mine = turn === 'guessing';
  const missed =
    match.missed ??
    (match.language === 'en' && match.slots
      ? match.guessed.filter((g) => !match.slots?.some((s) => s?.toLowerCase() === g.toLowerCase()))
      : []);
  const whose = match.phase === 'setting' ? match.setterId : match.currentPlayerId;

  return (
    <div className="stack mp-board" aria-busy={moving}>
      <div className="row row-between mp-status-bar">
        <p className={mine || turn === 'setting' ? 'mp-turn mp-turn-mine' : 'mp-turn'} data-testid="whose-turn" aria-live="polite">
          {turn === 'setting'
            ? t('game.yourTurnToSet')
            : mine
              ? t('game.yourTurn')
              : match.phase === 'setting'
                ? t('game.choosing', { name: nameOf(whose) })
                : t('game.theirTurn', { name: nameOf(whose) })}
        </p>
        <DeadlineClock deadline={match.turnDeadline} label={t('game.turnTime')} />
      </div>
      <div className="row mp-counters">
        <span className="badge" data-testid="lives-left">
          {t('game.lives', { count: match.livesLeft })}
        </span>
        <span className="badge" data-testid="room-hints-left">
          {t('game.hintsLeft', { count: match.hintsLeft })}
        </span>
        {match.matchDeadline && <DeadlineClock deadline={match.matchDeadline} label={t('game.matchTime')} urgentBelowSec={30} />}
      </div>

      {turn === 'setting' ? (
        <SetWordForm language={match.language} busy={moving} onSetWord={onSetWord} />
      ) : match.phase === 'setting' || !match.slots ? (
        <p className="card muted" role="status">
          {t('game.waitingForWord', { name: nameOf(match.setterId) })}
        </p>
      ) : (
        <>
          <WordSlots slots={match.slots} language={match.language} />
          {match.word && match.setterId === me && (
            <p className="muted small" data-testid="my-word">
              {t('game.yourWord')} <strong lang={match.language}>{match.word}</strong>
            </p>
          )}
          {match.setterId !== me && (
            <>
              <div className="row">
                <button
                  type="button"
                  className="button"
                  disabled={!mine || match.hintsLeft === 0}
                  aria-disabled={moving || undefined}
                  onClick={onHint}
                >
                  {match.hintsLeft > 0 ? t('game.hint', { count: match.hintsLeft }) : t('game.noHints')}
                </button>
                {moving && <span className="muted small">{t('game.sending')}</span>}
              </div>
              <Keyboard
                keys={keys}
                guessed={match.guessed}
                missed={missed}
                language={match.language}
                busy={!mine || moving}
                onKey={onGuess}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}

function SetWordForm({ language, busy, onSetWord }: { language: 'en' | 'am'; busy: boolean; onSetWord: (word: string) => void }) {
  const { t } = useTranslation('multiplayer');
  const [word, setWord] = useState('');
  return (
    <form
      className="card stack"
      aria-labelledby="set-word-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (word.trim()) onSetWord(word);
      }}
    >
      <h2 id="set-word-title" className="section-title">
        {t('game.setWordTitle')}
      </h2>
      <div className="field">
        <label className="field-label" htmlFor="secret-word">
          {t('game.secretWord')}
        </label>
        <input
          id="secret-word"
          className="input mp-word-input"
          lang={language}
          value={word}
          onChange={(event) => setWord(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          aria-describedby="set-word-hint"
          autoFocus
        />
        <span id="set-word-hint" className="field-hint">
          {t(language === 'am' ? 'game.rulesAm' : 'game.rulesEn')}
        </span>
      </div>
      <button type="submit" className="button button-primary" disabled={busy || word.trim() === ''}>
        {busy ? t('game.sending') : t('game.setWord')}
      </button>
    </form>
  );
}

function Scores({ room, match, me }: { room: RoomView; match: DuelView; me: string }) {
  const { t, i18n } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const number = new Intl.NumberFormat(i18n.language);
  const current = match.phase === 'setting' ? match.setterId : match.currentPlayerId;
  const rows = match.players.map((p) => ({ ...p, score: match.scores[p.id] ?? 0 })).sort((a, b) => b.score - a.score);
  return (
    <section className="card stack" aria-labelledby="scores-title">
      <h2 id="scores-title" className="section-title">
        {t('game.scores')}
      </h2>
      <ol className="mp-scores" data-testid="scores">
        {rows.map((p) => (
          <li
            key={p.id}
            className={p.id === current && match.status === 'playing' ? 'mp-score mp-score-current' : 'mp-score'}
            data-testid="score-row"
          >
            <span className="grow">
              {nameOf(p.id)}
              {p.id === me && <span className="badge badge-accent">{t('player.you')}</span>}
              {p.id === match.setterId && match.status === 'playing' && <span className="badge">{t('game.setter')}</span>}
              {p.status === 'left' && <span className="badge">{t('playerStatus.left')}</span>}
            </span>
            <strong>{t('game.points', { count: p.score, formatted: number.format(p.score) })}</strong>
          </li>
        ))}
      </ol>
    </section>
  );
}

function RoundResults({ room, match }: { room: RoomView; match: DuelView }) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const rounds = match.lastRounds ?? [];
  if (rounds.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="rounds-title">
      <h2 id="rounds-title" className="section-title">
        {t('game.rounds')}
      </h2>
      <ol className="mp-rounds" data-testid="round-results">
        {rounds.map((r, index) => (
          <li key={index}>
            <strong lang={match.language}>{r.word ?? '—'}</strong>{' '}
            <span className="muted small">
              {t('game.setBy', { name: nameOf(r.setterId) })} ·{' '}
              {r.outcome === 'solved'
                ? t('game.solvedBy', { name: nameOf(r.solvedBy) })
                : r.outcome === 'failed'
                  ? t('game.failed')
                  : t('game.skipped')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The keyboard's keys for a language (Amharic: the fidel families), asked again until they arrive (e.g. after a drop). */
function useKeys(language: 'en' | 'am'): readonly string[] {
  const options = useApiQuery((signal) => fetchHangmanOptions(signal));
  const { status, reload } = options;
  useEffect(() => {
    if (status !== 'error') return;
    const id = setTimeout(reload, KEYS_RETRY_MS);
    return () => clearTimeout(id);
  }, [status, reload]);
  return options.data?.languages.find((l) => l.language === language)?.keys ?? [];
}

/** The viewer's net tokens: from the final view when the server adds them, else from their history. */
function FinalResult({
  room,
  match,
  me,
  busy,
  onRematch,
}: {
  room: RoomView;
  match: DuelView;
  me: string;
  busy: boolean;
  onRematch: () => void;
}) {
  const { t, i18n } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const winners = match.winners ?? [];
  const won = winners.includes(me);
  const tie = won && winners.length > 1;
  const tokens = useNetTokens(match.matchId, match.tokens ?? null);
  const number = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  return (
    <div className={`card stack hangman-result ${won ? 'hangman-result-won' : 'hangman-result-lost'}`} data-testid="final-result">
      <h2 ref={heading} tabIndex={-1} className="hangman-result-title" data-testid="result-title">
        {tie ? t('result.tie') : won ? t('result.won') : t('result.lost')}
      </h2>
      <p>{winners.length > 0 ? t('result.winners', { names: winners.map((id) => nameOf(id)).join(', ') }) : t('result.noWinner')}</p>
      <dl className="hangman-result-figures">
        <div>
          <dt>{t('result.score')}</dt>
          <dd data-testid="result-score">{match.scores[me] ?? 0}</dd>
        </div>
        <div>
          <dt>{t('result.tokens')}</dt>
          <dd data-testid="result-tokens" className={tokens !== null && tokens < 0 ? 'tone-bad' : 'tone-good'}>
            {tokens === null ? '…' : number.format(tokens)}
          </dd>
        </div>
      </dl>
      <div className="row">
        {room.hostId === me && room.status === 'finished' && (
          <button type="button" className="button button-primary" disabled={busy} onClick={onRematch}>
            {t('result.rematch')}
          </button>
        )}
        <LocaleLink to={`/multiplayer/replay/${match.matchId}`} className="button">
          {t('result.replay')}
        </LocaleLink>
        <BackToLobby />
      </div>
    </div>
  );
}

/** Says what changed, for screen readers: whose turn it is now, a round's word, the end. */
function Announcer({ room, match, me }: { room: RoomView; match: DuelView; me: string }) {
  const { t } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const [message, setMessage] = useState('');
  const previous = useRef<DuelView | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = match;
    if (!before || before.matchId !== match.matchId) return;
    const rounds = match.lastRounds ?? [];
    if ((before.lastRounds?.length ?? 0) < rounds.length) {
      const last = rounds.at(-1);
      if (last?.word) setMessage(t('game.announceWord', { word: last.word }));
    } else if (before.turn !== match.turn && match.currentPlayerId === me) setMessage(t('game.yourTurn'));
    else if (before.turn !== match.turn && match.currentPlayerId) setMessage(t('game.theirTurn', { name: nameOf(match.currentPlayerId) }));
  }, [match, me, t, nameOf]);
  return (
    <p className="visually-hidden" aria-live="polite" role="status">
      {message}
    </p>
  );
}
