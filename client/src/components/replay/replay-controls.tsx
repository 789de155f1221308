import { useEffect, useReducer, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { REPLAY_SPEEDS } from '../../config/constants.ts';
import { initialReplay, isAtEnd, replayReducer, stepDelay, type ReplayAction, type ReplayPlayerState } from './replay-player.ts';
import '../match/match.css';

/** The replay's player for `length` steps, ticking on its own while it plays. */
export function useReplayPlayer(length: number): [ReplayPlayerState, Dispatch<ReplayAction>] {
  const [state, dispatch] = useReducer(replayReducer, length, initialReplay);
  useEffect(() => {
    if (!state.playing) return;
    const id = setTimeout(() => dispatch({ type: 'tick' }), stepDelay(state.speed));
    return () => clearTimeout(id);
  }, [state.playing, state.index, state.speed]);
  return [state, dispatch];
}

/** Where the replay is, a slider to any step, back / play or pause / forward, and the speed. */
export function ReplayControls({ state, dispatch }: { state: ReplayPlayerState; dispatch: Dispatch<ReplayAction> }) {
  const { t } = useTranslation('multiplayer');
  const count = state.length;
  return (
    <div className="card stack mp-replay-controls" role="group" aria-label={t('replay.controls')}>
      <p className="muted small" aria-live="polite" data-testid="replay-position">
        {t('replay.step', { index: state.index + 1, count })}
      </p>
      <input
        type="range"
        min={0}
        max={Math.max(0, count - 1)}
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
            {isAtEnd(state) && count > 1 ? t('replay.again') : t('replay.play')}
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
  );
}
