import { lazy, Suspense, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../components/error-message.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { REPLAY_SPEEDS } from '../../config/constants.ts';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { WordSlots } from '../hangman/word-slots.tsx';
import '../hangman/hangman.css';
import { BackToLobby } from './parts.tsx';
import { initialReplay, isAtEnd, replayReducer, stepDelay } from './replay-player.ts';
import { fetchReplay, fetchRoom, type DuelReplay, type ReplayStep } from './rooms-api.ts';

/** A Crazy match's replay is its own chunk, as its table is. */
const CrazyReplay = lazy(() => import('./crazy/crazy-replay.tsx'));
import './multiplayer.css';

type Names = Record<string, string>;

/** Player names for the replay: from the replay when the server sends them, else from the room it was played in. */
async function loadReplay(
  matchId: string,
  signal: AbortSignal,
): Promise<{ replay: DuelReplay; names: Names } | { crazy: unknown; names: Names }> {
  const loaded = await fetchReplay(matchId, signal);
  const names: Names = {};
  if (loaded.game === 'crazy') {
    const raw = loaded.raw as { players?: { id: string; name?: string | null }[]; steps: { view?: { roomCode?: string } }[] };
    for (const p of raw.players ?? []) if (p.name) names[p.id] = p.name;
    const code = raw.steps[0]?.view?.roomCode;
    if (Object.keys(names).length === 0 && code) {
      const room = await fetchRoom(code, signal).catch(() => null);
      for (const p of room?.room.players ?? []) if (p.name || p.username) names[p.id] = p.name ?? p.username ?? '';
    }
    return { crazy: loaded.raw, names };
  }
  const replay = loaded.replay;
  for (const p of replay.players ?? []) if (p.name) names[p.id] = p.name;
  const code = replay.steps[0]?.view.roomCode;
  if (Object.keys(names).length === 0 && code) {
    const room = await fetchRoom(code, signal).catch(() => null);
    for (const p of room?.room.players ?? []) if (p.name || p.username) names[p.id] = p.name ?? p.username ?? '';
  }
  return { replay, names };
}

/** `/multiplayer/replay/{matchId}`: every move of a finished duel, with play, pause, step and speed. */
export function ReplayPage() {
  const { matchId = '' } = useParams();
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('replay.title'), t('lobby.metaDescription'));
  const data = useApiQuery((signal) => loadReplay(matchId, signal), [matchId]);
  if (data.status === 'loading') return <PageSkeleton />;
  if (data.status === 'error')
    return (
      <section className="page mp-page">
        <h1>{t('replay.title')}</h1>
        <LoadError error={data.error} onRetry={data.reload} />
        <BackToLobby />
      </section>
    );
  if ('crazy' in data.data)
    return (
      <Suspense fallback={<PageSkeleton />}>
        <CrazyReplay key={matchId} raw={data.data.crazy} names={data.data.names} />
      </Suspense>
    );
  return <Player key={matchId} steps={data.data.replay.steps} names={data.data.names} />;
}

function Player({ steps, names }: { steps: readonly ReplayStep[]; names: Names }) {
  const { t } = useTranslation('multiplayer');
  const [state, dispatch] = useReducer(replayReducer, steps.length, initialReplay);
  const nameOf = (id: string | null | undefined) => (id ? (names[id] ?? t('player.unknown')) : '');

  useEffect(() => {
    if (!state.playing) return;
    const id = setTimeout(() => dispatch({ type: 'tick' }), stepDelay(state.speed));
    return () => clearTimeout(id);
  }, [state.playing, state.index, state.speed]);

  const step = steps[state.index];
  if (!step)
    return (
      <section className="page mp-page">
        <h1>{t('replay.title')}</h1>
        <p className="card muted">{t('replay.empty')}</p>
        <BackToLobby />
      </section>
    );
  const view = step.view;
  const scores = view.players.map((p) => ({ id: p.id, score: view.scores[p.id] ?? 0 })).sort((a, b) => b.score - a.score);

  return (
    <section className="page mp-page" aria-labelledby="replay-title" data-testid="replay">
      <header className="page-header">
        <h1 id="replay-title">{t('replay.title')}</h1>
      </header>
      <div className="card stack mp-replay-controls" role="group" aria-label={t('replay.controls')}>
        <p className="muted small" aria-live="polite" data-testid="replay-position">
          {t('replay.step', { index: state.index + 1, count: steps.length })}
        </p>
        <input
          type="range"
          min={0}
          max={Math.max(0, steps.length - 1)}
          value={state.index}
          aria-label={t('replay.position')}
          onChange={(event) => dispatch({ type: 'seek', index: Number(event.target.value) })}
        />
        <div className="row">
          <button type="button" className="button button-compact" onClick={() => dispatch({ type: 'back' })} disabled={state.index === 0}>
            {t('replay.back')}
          </button>
          {state.playing ? (
            <button type="button" className="button button-primary button-compact" onClick={() => dispatch({ type: 'pause' })}>
              {t('replay.pause')}
            </button>
          ) : (
            <button type="button" className="button button-primary button-compact" onClick={() => dispatch({ type: 'play' })}>
              {isAtEnd(state) && steps.length > 1 ? t('replay.again') : t('replay.play')}
            </button>
          )}
          <button type="button" className="button button-compact" onClick={() => dispatch({ type: 'forward' })} disabled={isAtEnd(state)}>
            {t('replay.forward')}
          </button>
        </div>
        <div className="chips" role="group" aria-label={t('replay.speed')}>
          {REPLAY_SPEEDS.map((speed) => (
            <button
              key={speed}
              type="button"
              className="chip"
              aria-pressed={state.speed === speed}
              onClick={() => dispatch({ type: 'speed', speed })}
            >
              {`${speed}×`}
            </button>
          ))}
        </div>
      </div>

      <div className="card stack" data-testid="replay-step">
        <p>
          <strong>{t('game.round', { round: Math.min(view.round, view.rounds), rounds: view.rounds })}</strong> ·{' '}
          {describe(step, nameOf, t)}
        </p>
        {view.slots && <WordSlots slots={view.slots} language={view.language} />}
        {view.word && (
          <p className="muted small" data-testid="replay-word">
            {t('replay.word')} <strong lang={view.language}>{view.word}</strong>
          </p>
        )}
        <div className="row">
          <span className="badge">{t('game.lives', { count: view.livesLeft })}</span>
          <span className="badge">{t('game.hintsLeft', { count: view.hintsLeft })}</span>
        </div>
        <ol className="mp-scores">
          {scores.map((s) => (
            <li key={s.id} className="mp-score">
              <span className="grow">{nameOf(s.id)}</span>
              <strong>{t('game.points', { count: s.score, formatted: String(s.score) })}</strong>
            </li>
          ))}
        </ol>
      </div>
      <BackToLobby />
    </section>
  );
}

type T = ReturnType<typeof useTranslation<'multiplayer'>>['t'];

/** One line for what happened at a step: 'Sara guessed A', 'Abebe set the word', … */
function describe(step: ReplayStep, nameOf: (id: string | null | undefined) => string, t: T): string {
  const name = nameOf(step.playerId);
  const letter = step.letter ? (step.view.language === 'en' ? step.letter.toUpperCase() : step.letter) : '';
  switch (step.kind) {
    case 'start':
      return t('replay.kinds.start');
    case 'round_start':
      return t('replay.kinds.roundStart', { name });
    case 'set_word':
      return t('replay.kinds.setWord', { name });
    case 'guess':
      return step.hit === false ? t('replay.kinds.miss', { name, letter }) : t('replay.kinds.guess', { name, letter });
    case 'hint':
      return t('replay.kinds.hint', { name, letter });
    case 'timeout':
      return t('replay.kinds.timeout', { name });
    case 'removed':
      return t('replay.kinds.left', { name });
    case 'round_end':
      return name ? t('replay.kinds.roundSolved', { name }) : t('replay.kinds.roundEnd');
    case 'end':
      return t('replay.kinds.end');
    default:
      return name ? t('replay.kinds.other', { name }) : t('replay.kinds.end');
  }
}
