import { useTranslation } from 'react-i18next';
import { BackToLobby } from '../../../components/match/match-parts.tsx';
import { ReplayControls, useReplayPlayer } from '../../../components/replay/replay-controls.tsx';
import { WordSlots } from '../../../components/word-slots.tsx';
import { parseDuelReplay, type ReplayStep } from '../../../lib/rooms/rooms-api.ts';
import type { ReplayProps } from '../../../lib/games/registry.tsx';

type Names = Readonly<Record<string, string>>;

/** The replay of a finished word duel: every move, with play, pause, step and speed. */
export default function DuelReplay({ raw, names }: ReplayProps) {
  const replay = parseDuelReplay(raw);
  return <Player steps={replay?.steps ?? []} names={names} />;
}

function Player({ steps, names }: { steps: readonly ReplayStep[]; names: Names }) {
  const { t } = useTranslation('multiplayer');
  const [state, dispatch] = useReplayPlayer(steps.length);
  const nameOf = (id: string | null | undefined) => (id ? (names[id] ?? t('player.unknown')) : '');

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
      <ReplayControls state={state} dispatch={dispatch} />

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
