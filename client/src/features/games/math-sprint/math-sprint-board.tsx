import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MathSprintAnswer, MathSprintLevel, MathSprintOperation, MathSprintPlay } from '@qal/events/contracts';
import { MATH_SPRINT_LEVELS } from '@qal/events/contracts';
import { KEYPAD_DIGITS, OPERATION_SIGNS, actionOfKey, canSubmit, fromField, typed, type EntryAction } from './entry.ts';
import './math-sprint.css';

const problemText = (op: MathSprintOperation, x: number, y: number) => `${x} ${OPERATION_SIGNS[op]} ${y}`;

/**
 * Math Sprint's board: the score, the streak and the clock, the one problem being asked (the server never sends the
 * next), the answer field and a keypad. The field takes the phone's number keyboard (inputmode numeric) and a physical
 * keyboard; the keypad's keys do not take the focus, so tapping them never opens or closes the phone's keyboard. The
 * entry clears when the next problem comes, so a refused answer can be corrected rather than retyped.
 */
export function MathSprintBoard({
  play,
  busy,
  countdown,
  serverNow,
  onAnswer,
}: {
  play: MathSprintPlay;
  /** A move is on its way: keys still type, nothing is sent. */
  busy: boolean;
  /** The game's clock (the shared countdown), shown beside the score. */
  countdown?: ReactNode;
  /** The server's clock in ms since the epoch, for the speed bonus bar. */
  serverNow?: () => number;
  onAnswer: (problem: number, value: number) => void;
}) {
  const { t } = useTranslation('math-sprint');
  const [entry, setEntry] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const current = play.current;
  const index = current?.index ?? null;

  useEffect(() => setEntry(''), [index]);

  const act = (action: EntryAction) => {
    if (action.kind === 'submit') {
      if (!busy && current && canSubmit(entry)) onAnswer(current.index, Number(entry));
      return;
    }
    setEntry((now) => typed(now, action));
  };
  const actRef = useRef(act);
  actRef.current = act;

  // A physical keyboard types even when the field does not have the focus (after a tap on the keypad, say).
  const playing = current !== null;
  useEffect(() => {
    if (!playing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
      const action = actionOfKey(event.key);
      if (!action) return;
      // Enter on a focused button is that button's own press.
      if (action.kind === 'submit' && target?.tagName === 'BUTTON') return;
      event.preventDefault();
      actRef.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [playing]);

  // Focus the field on a computer, where a keyboard is at hand; a phone shows its keyboard only when the field is tapped.
  useEffect(() => {
    if (playing && typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover) and (pointer: fine)').matches) {
      field.current?.focus();
    }
  }, [playing]);

  return (
    <div className="math-sprint-board" data-testid="math-sprint-board" aria-busy={busy}>
      <div className="row-between math-sprint-status">
        <span className="badge" data-testid="level">
          {t(`levels.${play.level}`)}
        </span>
        <span className="math-sprint-score" data-testid="score">
          {t('board.score', { score: play.score })}
        </span>
        <span className={play.streak >= 2 ? 'badge badge-accent' : 'badge'} data-testid="streak">
          {t('board.streak', { count: play.streak })}
        </span>
        {countdown}
      </div>

      {current ? (
        <div className="math-sprint-problem" key={current.index} data-testid="problem">
          <span className="visually-hidden">{t('board.problemNumber', { number: current.index + 1 })}</span>
          <span aria-label={t('board.problemLabel', { x: current.x, op: t(`ops.${current.op}`), y: current.y })}>
            {problemText(current.op, current.x, current.y)} =
          </span>
          {serverNow && <SpeedBar shownAt={current.shownAt} speedBonusMs={play.speedBonusMs} serverNow={serverNow} />}
        </div>
      ) : (
        <p className="math-sprint-problem math-sprint-time-up" role="status" data-testid="time-up">
          {t('board.timeUp')}
        </p>
      )}

      <form
        className="math-sprint-entry"
        onSubmit={(event) => {
          event.preventDefault();
          act({ kind: 'submit' });
        }}
      >
        <input
          ref={field}
          className="input math-sprint-field"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          enterKeyHint="go"
          autoComplete="off"
          aria-label={t('board.answer')}
          placeholder="?"
          value={entry}
          disabled={!current}
          data-testid="answer"
          onChange={(event) => setEntry(fromField(event.target.value))}
        />
        <button
          type="submit"
          className="button button-primary math-sprint-submit"
          disabled={!current || !canSubmit(entry)}
          aria-disabled={busy || undefined}
          data-testid="submit-answer"
        >
          {t('board.submit')}
        </button>
      </form>

      <Feedback last={play.last} />

      <div className="math-sprint-keypad" role="group" aria-label={t('board.keypad')} data-testid="keypad">
        {KEYPAD_DIGITS.slice(0, 9).map((digit) => (
          <Key key={digit} label={digit} testId={`key-${digit}`} disabled={!current} onPress={() => act({ kind: 'digit', digit })} />
        ))}
        <Key
          label="⌫"
          name={t('board.backspace')}
          testId="key-backspace"
          disabled={!current || entry === ''}
          onPress={() => act({ kind: 'backspace' })}
        />
        <Key label="0" testId="key-0" disabled={!current} onPress={() => act({ kind: 'digit', digit: '0' })} />
        <Key
          label="✓"
          name={t('board.submit')}
          testId="key-submit"
          primary
          disabled={!current || !canSubmit(entry)}
          onPress={() => act({ kind: 'submit' })}
        />
      </div>
    </div>
  );
}

/** A keypad key: pressing it keeps the focus where it was (the field, or nothing), so the phone's keyboard stays as it is. */
function Key({
  label,
  name,
  testId,
  disabled,
  primary,
  onPress,
}: {
  label: string;
  name?: string;
  testId: string;
  disabled: boolean;
  primary?: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      className={primary ? 'math-sprint-key math-sprint-key-primary' : 'math-sprint-key'}
      aria-label={name}
      disabled={disabled}
      data-testid={testId}
      onPointerDown={(event) => event.preventDefault()}
      onClick={onPress}
    >
      {label}
    </button>
  );
}

/** The answer before this problem: right with its points, or wrong with the right answer. */
function Feedback({ last }: { last: MathSprintAnswer | null }) {
  const { t } = useTranslation('math-sprint');
  if (!last) return <p className="math-sprint-feedback muted small">{t('board.firstHint')}</p>;
  const bonuses = [
    last.streakBonus > 0 ? t('board.streakBonus', { points: last.streakBonus }) : null,
    last.speedBonus > 0 ? t('board.speedBonus', { points: last.speedBonus }) : null,
  ].filter((text) => text !== null);
  return (
    <p
      key={last.index}
      className={last.right ? 'math-sprint-feedback math-sprint-right' : 'math-sprint-feedback math-sprint-wrong'}
      role="status"
      data-testid="feedback"
    >
      {last.right
        ? t('board.right', { points: last.points }) + (bonuses.length > 0 ? ` (${bonuses.join(', ')})` : '')
        : t('board.wrong', { problem: problemText(last.op, last.x, last.y), answer: last.answer })}
    </p>
  );
}

/** What is left of the speed bonus's time for the problem shown at `shownAt`: a bar that drains. */
function SpeedBar({ shownAt, speedBonusMs, serverNow }: { shownAt: string; speedBonusMs: number; serverNow: () => number }) {
  const { t } = useTranslation('math-sprint');
  const [left] = useState(() => Math.max(0, speedBonusMs - (serverNow() - Date.parse(shownAt))));
  const style = { '--speed-start': String(left / speedBonusMs), '--speed-ms': `${left}ms` } as CSSProperties;
  return <span className="math-sprint-speed" style={style} title={t('board.speedBar')} aria-hidden="true" />;
}

/** The level choice of the start panel: three buttons, one pressed. */
export function LevelPicker({ value, onChange }: { value: MathSprintLevel; onChange: (level: MathSprintLevel) => void }) {
  const { t } = useTranslation('math-sprint');
  return (
    <div className="math-sprint-levels" role="group" aria-label={t('setup.level')}>
      {MATH_SPRINT_LEVELS.map((level) => (
        <button
          key={level}
          type="button"
          className="math-sprint-level"
          aria-pressed={value === level}
          data-testid={`level-${level}`}
          onClick={() => onChange(level)}
        >
          <span>{t(`levels.${level}`)}</span>
          <span className="small">{t(`levelHints.${level}`)}</span>
        </button>
      ))}
    </div>
  );
}
