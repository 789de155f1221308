import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SumChaserCallName, SumChaserPlay } from '@qal/events/contracts';
import './sum-chaser.css';

/** ×1.94: two decimals, as the board and the result show a multiplier. */
export const formatMultiplier = (multiplier: number): string => multiplier.toFixed(2);
/** 50%: a chance in whole percent. */
export const formatChance = (chance: number): string => `${Math.round(chance * 100)}%`;

/** The call an arrow key makes (↑ over, ↓ under); null for any other key. */
export function callOfKey(key: string): SumChaserCallName | null {
  if (key === 'ArrowUp') return 'over';
  if (key === 'ArrowDown') return 'under';
  return null;
}

/** ↑ and ↓ call over and under while the game is on (not while typing in a field, nor with modifiers). */
function useCallKeys(enabled: boolean, onCall: (call: SumChaserCallName) => void) {
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const call = callOfKey(event.key);
      if (call === null) return;
      event.preventDefault();
      onCall(call);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled, onCall]);
}

/**
 * Sum Chaser's board: the three digit slots (each revealed digit with the call made on it), the running sum and the
 * line, the two calls with their chance and the multiplier each would bring, and the cash-out button. ↑ and ↓ call
 * too. Once the game is over every digit shows.
 */
export function SumChaserBoard({
  play,
  busy,
  onCall,
  onCashOut,
}: {
  play: SumChaserPlay;
  /** A move is on its way: nothing more is sent until it is answered. */
  busy: boolean;
  onCall: (call: SumChaserCallName) => void;
  onCashOut: () => void;
}) {
  const { t } = useTranslation('sum-chaser');
  const playing = play.end === null;
  const call = (name: SumChaserCallName) => {
    if (playing && !busy) onCall(name);
  };
  useCallKeys(playing && !busy, onCall);
  const digits = play.drawnDigits ?? play.revealed;

  return (
    <div className="sum-chaser-board" data-testid="sum-chaser-board" aria-busy={busy}>
      <ol className="sum-chaser-slots" aria-label={t('board.digits')}>
        {Array.from({ length: play.digitCount }, (_, k) => {
          const made = play.calls[k];
          const digit = digits[k];
          const shown = digit !== undefined;
          const verdict = made ? (made.right ? 'right' : 'wrong') : null;
          return (
            <li
              key={k}
              className={`sum-chaser-slot${verdict ? ` sum-chaser-slot-${verdict}` : ''}${shown && !made ? ' sum-chaser-slot-unplayed' : ''}`}
              aria-label={shown ? t('board.digit', { n: k + 1, value: digit }) : t('board.digitHidden', { n: k + 1 })}
              data-testid={`slot-${k}`}
            >
              <span className="sum-chaser-digit" aria-hidden="true">
                {shown ? digit : '?'}
              </span>
              {made && (
                <span className="sum-chaser-verdict small">
                  {made.call === 'over' ? '↑' : '↓'} {made.line} · {t(made.right ? 'board.right' : 'board.wrong')}
                  <span className="visually-hidden">
                    {' '}
                    {t(made.call === 'over' ? 'board.callOver' : 'board.callUnder', { line: made.line })}
                  </span>
                </span>
              )}
            </li>
          );
        })}
      </ol>

      <div className="sum-chaser-status">
        <div>
          <span className="muted small">{t('board.sum')}</span>
          <strong data-testid="sum">{play.sum}</strong>
        </div>
        {play.line !== null && (
          <div>
            <span className="muted small">{t('board.line')}</span>
            <strong data-testid="line">{play.line}</strong>
          </div>
        )}
        <div>
          <span className="muted small">{t('board.multiplier')}</span>
          <strong data-testid="multiplier">{play.multiplier === null ? '—' : `×${formatMultiplier(play.multiplier)}`}</strong>
        </div>
      </div>

      {playing && play.options && play.line !== null && (
        <>
          <p className="sum-chaser-question" data-testid="question">
            {t('board.question', { line: play.line })}
          </p>
          <div className="sum-chaser-calls">
            {(['over', 'under'] as const).map((name) => {
              const option = play.options![name];
              return (
                <button
                  key={name}
                  type="button"
                  className={`button sum-chaser-call sum-chaser-call-${name}`}
                  disabled={busy}
                  onClick={() => call(name)}
                  data-testid={`call-${name}`}
                >
                  <span className="sum-chaser-call-name">
                    <span aria-hidden="true">{name === 'over' ? '↑ ' : '↓ '}</span>
                    {t(name === 'over' ? 'board.over' : 'board.under', { line: play.line })}
                  </span>
                  <span className="sum-chaser-call-odds small" data-testid={`odds-${name}`}>
                    {t('board.odds', { chance: formatChance(option.chance), multiplier: formatMultiplier(option.multiplier) })}
                  </span>
                </button>
              );
            })}
          </div>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={!play.canCashOut || busy}
            onClick={onCashOut}
            data-testid="cash-out"
          >
            {play.canCashOut ? t('board.cashOut', { count: play.cashOutTokens }) : t('board.callFirst')}
          </button>
          <p className="muted small sum-chaser-keys">{t('board.keys')}</p>
        </>
      )}
    </div>
  );
}
