import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodebreakerGuess, CodebreakerHint, CodebreakerLevel, CodebreakerPlay } from '@qal/events/contracts';
import { CODEBREAKER_LEVEL_CHOICES, CODEBREAKER_LEVELS } from '@qal/events/contracts';
import { KEYPAD_DIGITS, actionOfKey, isComplete, typed, type EntryAction } from './entry.ts';
import './codebreaker.css';

/**
 * Codebreaker's board: the past guesses with their pegs (newest first), the hints taken, the guess being typed and a
 * 10-digit keypad that a physical keyboard drives too (digits, Backspace, Escape, Enter). The entry clears once the
 * server has counted the guess (the attempts go up), so a refused guess can be corrected rather than retyped. Keys
 * that cannot act (a digit on a full entry, Guess on a short one) are aria-disabled, not disabled, so focus stays put.
 */
export function CodebreakerBoard({
  play,
  busy,
  countdown,
  onGuess,
  onHint,
}: {
  play: CodebreakerPlay;
  /** The clock, shown in the status row (the page's, on the server's time). */
  countdown?: ReactNode;
  /** A move is on its way: keys still type, nothing is sent. */
  busy: boolean;
  onGuess: (digits: string) => void;
  onHint: () => void;
}) {
  const { t } = useTranslation('codebreaker');
  const [entry, setEntry] = useState('');
  const length = play.codeLength;
  const playing = play.endReason === null;

  useEffect(() => setEntry(''), [play.attemptsUsed]);

  const act = (action: EntryAction) => {
    if (action.kind === 'submit') {
      if (!busy && isComplete(entry, length)) onGuess(entry);
      return;
    }
    setEntry((current) => typed(current, action, length));
  };
  useDigitKeys(playing, act);

  const hintsLeft = play.hintsMax - play.hintsUsed;
  return (
    <div className="codebreaker-board" data-testid="codebreaker-board" aria-busy={busy}>
      <div className="row-between codebreaker-status">
        <span className="badge" data-testid="level">
          {t(`levels.${play.level}`)}
        </span>
        <span className="codebreaker-attempts" data-testid="attempts">
          {t('board.attempts', { used: play.attemptsUsed, max: play.attemptsMax })}
        </span>
        {countdown}
      </div>

      <GuessList guesses={play.guesses} length={length} />

      {play.hints.length > 0 && (
        <ul className="codebreaker-hints" aria-label={t('board.hints')} data-testid="hints">
          {play.hints.map((hint, i) => (
            <li key={i}>{hintText(t, hint)}</li>
          ))}
        </ul>
      )}

      <Announcer play={play} />

      {playing && (
        <>
          <EntrySlots entry={entry} length={length} />
          <div className="codebreaker-keypad" role="group" aria-label={t('board.keypad')} data-testid="keypad">
            {KEYPAD_DIGITS.map((digit) => (
              <button
                key={digit}
                type="button"
                className="codebreaker-key"
                aria-disabled={entry.length >= length || undefined}
                data-testid={`digit-${digit}`}
                onClick={() => act({ kind: 'digit', digit })}
              >
                {digit}
              </button>
            ))}
          </div>
          <div className="codebreaker-actions">
            <button
              type="button"
              className="button"
              disabled={hintsLeft <= 0}
              aria-disabled={busy || undefined}
              data-testid="hint"
              onClick={() => {
                if (!busy) onHint();
              }}
            >
              {hintsLeft > 0 ? (
                <span className="codebreaker-hint-label">
                  <span>{t('board.hint', { count: hintsLeft })}</span>
                  {play.hintCostPoints > 0 && (
                    <span className="small codebreaker-hint-cost">{t('board.hintCost', { cost: play.hintCostPoints })}</span>
                  )}
                </span>
              ) : (
                t('board.noHints')
              )}
            </button>
            <button
              type="button"
              className="button"
              aria-label={t('board.backspace')}
              aria-disabled={entry.length === 0 || undefined}
              data-testid="backspace"
              onClick={() => act({ kind: 'backspace' })}
            >
              ⌫
            </button>
            <button
              type="button"
              className="button button-primary"
              aria-disabled={busy || !isComplete(entry, length) || undefined}
              data-testid="submit-guess"
              onClick={() => act({ kind: 'submit' })}
            >
              {busy ? t('board.sending') : t('board.submit')}
            </button>
          </div>
          <p className="muted small codebreaker-typing-note">{t('board.physicalKeyboard')}</p>
        </>
      )}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'codebreaker'>>['t'];

export function hintText(t: T, hint: CodebreakerHint): string {
  return hint.kind === 'digit_in_code'
    ? t('board.hintInCode', { digit: hint.digit })
    : t('board.hintAtPosition', { position: hint.index + 1, digit: hint.digit });
}

function GuessList({ guesses, length }: { guesses: readonly CodebreakerGuess[]; length: number }) {
  const { t } = useTranslation('codebreaker');
  if (guesses.length === 0) {
    return (
      <p className="muted codebreaker-empty" data-testid="no-guesses">
        {t('board.noGuesses', { count: length })}
      </p>
    );
  }
  const numbered = guesses.map((guess, i) => ({ guess, number: i + 1 })).reverse();
  return (
    <div className="codebreaker-guesses-box">
      <p className="muted small codebreaker-legend" aria-hidden="true">
        <span className="codebreaker-peg codebreaker-peg-exact" /> {t('board.legendExact')}{' '}
        <span className="codebreaker-peg codebreaker-peg-misplaced" /> {t('board.legendMisplaced')}
      </p>
      <ol className="codebreaker-guesses" aria-label={t('board.guesses')} data-testid="guesses" reversed>
        {numbered.map(({ guess, number }) => (
          <li
            key={number}
            className="codebreaker-guess"
            data-testid={`guess-${number}`}
            aria-label={t('board.guessLabel', {
              number,
              digits: [...guess.digits].join(' '),
              exact: guess.exact,
              misplaced: guess.misplaced,
            })}
          >
            <span className="codebreaker-guess-number" aria-hidden="true">
              {number}
            </span>
            <span className="codebreaker-digits" aria-hidden="true">
              {[...guess.digits].map((digit, i) => (
                <span key={i} className="codebreaker-digit">
                  {digit}
                </span>
              ))}
            </span>
            <Pegs exact={guess.exact} misplaced={guess.misplaced} length={length} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One peg per digit of the code: filled for a right place, ringed for a wrong place, empty for the rest. */
export function Pegs({ exact, misplaced, length }: { exact: number; misplaced: number; length: number }) {
  const pegs = Array.from({ length }, (_, i) => (i < exact ? 'exact' : i < exact + misplaced ? 'misplaced' : 'none'));
  return (
    <span className="codebreaker-pegs" aria-hidden="true" data-exact={exact} data-misplaced={misplaced}>
      {pegs.map((kind, i) => (
        <span key={i} className={`codebreaker-peg codebreaker-peg-${kind}`} data-peg={kind} />
      ))}
    </span>
  );
}

function EntrySlots({ entry, length }: { entry: string; length: number }) {
  const { t } = useTranslation('codebreaker');
  const slots = Array.from({ length }, (_, i) => entry[i] ?? null);
  const spoken = slots.map((digit) => digit ?? t('board.empty')).join(', ');
  return (
    <div className="codebreaker-entry" role="group" aria-label={t('board.entryLabel', { digits: spoken })} data-testid="entry">
      {slots.map((digit, i) => (
        <span key={i} className={digit === null ? 'codebreaker-slot codebreaker-slot-empty' : 'codebreaker-slot'} aria-hidden="true">
          {digit ?? ''}
        </span>
      ))}
    </div>
  );
}

/** Says what the last guess scored and what a new hint tells, for screen readers. */
function Announcer({ play }: { play: CodebreakerPlay }) {
  const { t } = useTranslation('codebreaker');
  const last = play.guesses.at(-1);
  const hint = play.hints.at(-1);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (last) setMessage(t('board.announceGuess', { digits: [...last.digits].join(' '), exact: last.exact, misplaced: last.misplaced }));
  }, [last, t]);
  useEffect(() => {
    if (hint) setMessage(hintText(t, hint));
  }, [hint, t]);
  return (
    <p className="visually-hidden" aria-live="polite" role="status" data-testid="announcer">
      {message}
    </p>
  );
}

/**
 * Digits, Backspace/Delete, Escape and Enter from a physical keyboard, while the game is on: not while typing in a
 * field, not with modifiers, and not Enter on a focused button (the button's own click answers it).
 */
export function useDigitKeys(enabled: boolean, onAction: (action: EntryAction) => void) {
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const action = actionOfKey(event.key);
      if (!action) return;
      if (action.kind === 'submit' && (event.repeat || target?.tagName === 'BUTTON')) return;
      event.preventDefault();
      onAction(action);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled, onAction]);
}

/** The code, shown once the game is over. */
export function CodeReveal({ code }: { code: string }) {
  const { t } = useTranslation('codebreaker');
  return (
    <div className="stack-tight">
      <span className="muted small">{t('result.theCodeWas')}</span>
      <div className="codebreaker-code" role="img" aria-label={t('result.codeLabel', { digits: [...code].join(' ') })} data-testid="code">
        {[...code].map((digit, i) => (
          <span key={i} className="codebreaker-slot" aria-hidden="true">
            {digit}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The level chooser for the start panel: one radio chip per level with its digits and attempts (the rules' numbers). */
export function LevelPicker({ value, onChange }: { value: CodebreakerLevel; onChange: (level: CodebreakerLevel) => void }) {
  const { t } = useTranslation('codebreaker');
  return (
    <fieldset className="field codebreaker-levels">
      <legend className="field-label">{t('levels.label')}</legend>
      <div className="codebreaker-level-options">
        {CODEBREAKER_LEVELS.map((level) => {
          const { codeLength, attemptsMax, repeatsAllowed } = CODEBREAKER_LEVEL_CHOICES[level];
          return (
            <label key={level} className="chip codebreaker-level">
              <input
                type="radio"
                name="codebreaker-level"
                value={level}
                checked={value === level}
                data-testid={`level-${level}`}
                onChange={() => onChange(level)}
              />
              <span className="codebreaker-level-name">{t(`levels.${level}`)}</span>
              <span className="small codebreaker-level-detail">
                {t(repeatsAllowed ? 'levels.detailRepeats' : 'levels.detailDistinct', { digits: codeLength, attempts: attemptsMax })}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
