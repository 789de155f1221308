import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RAPID_RECALL_KINDS, type RapidRecallKind, type RapidRecallPlay, type RapidRecallRound } from '@qal/events/contracts';
import { actionOfKey, entered, isComplete, type RecallAction } from './entry.ts';
import { ItemFace, useItemName } from './item-face.tsx';
import './rapid-recall.css';

/**
 * Pad columns by the number of items, so every pad fits a 360 px screen in a few rows with keys of at least 44 px:
 * colours one row of 6, digits 2 rows of 5, fidel 2 rows of 6, mixed 4 rows of 7 (with narrower gaps).
 */
const padColumns = (items: number) => (items <= 6 ? 6 : items <= 10 ? 5 : items <= 12 ? 6 : 7);

/** Three items that show what a kind is made of. */
const KIND_SAMPLES: Readonly<Record<RapidRecallKind, readonly string[]>> = {
  colour: ['red', 'blue', 'green'],
  digit: ['1', '2', '3'],
  fidel: ['ሀ', 'ለ', 'መ'],
  mixed: ['red', '7', 'ሀ'],
};

/**
 * Rapid Recall's board: the round, the lives and the score; the stage, which shows one item at a time while the
 * server shows the sequence (the view holds only the item due now), then the items entered; and the pad of the game's
 * items, open only in the answer window. The sequence is sent whole as soon as it is complete.
 */
export function RapidRecallBoard({
  play,
  busy,
  countdown,
  onRecall,
}: {
  play: RapidRecallPlay;
  /** A request is on its way: taps still enter, nothing is sent. */
  busy: boolean;
  /** The answer window's clock (the shared countdown), shown while it is open. */
  countdown?: ReactNode;
  onRecall: (round: number, items: string[]) => void;
}) {
  const { t } = useTranslation('rapid-recall');
  const itemName = useItemName();
  const [entry, setEntry] = useState<string[]>([]);
  const open = play.phase === 'input';

  useEffect(() => setEntry([]), [play.round]);

  const act = (action: RecallAction) => {
    if (!open) return;
    if (action.kind === 'submit') {
      if (!busy && isComplete(entry, play.length)) onRecall(play.round, entry);
      return;
    }
    const next = entered(entry, action, play.pad, play.length);
    setEntry(next);
    // The last item sends the sequence at once: every second counts for the speed bonus.
    if (action.kind === 'item' && !busy && isComplete(next, play.length) && !isComplete(entry, play.length)) onRecall(play.round, next);
  };
  const actRef = useRef(act);
  actRef.current = act;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
      const action = actionOfKey(event.key, play.pad);
      if (!action || (action.kind === 'submit' && target?.tagName === 'BUTTON')) return;
      event.preventDefault();
      actRef.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, play.pad]);

  return (
    <div className="rr-board" data-testid="rapid-recall-board" data-phase={play.phase} aria-busy={busy}>
      <div className="row-between rr-status">
        <span className="badge" data-testid="round">
          {t('board.round', { round: play.round })} · {t('board.length', { count: play.length })}
        </span>
        <Lives lives={play.lives} livesMax={play.livesMax} />
        <span className="rr-score" data-testid="score">
          {t('board.score', { score: play.score })}
        </span>
        {open && countdown}
      </div>

      <div className="rr-stage" aria-live="polite" data-testid="stage">
        <Stage play={play} entry={entry} />
      </div>

      <div
        className={play.pad.length > 12 ? 'rr-pad rr-pad-dense' : 'rr-pad'}
        role="group"
        aria-label={t('board.pad')}
        data-testid="pad"
        style={{ gridTemplateColumns: `repeat(${padColumns(play.pad.length)}, minmax(0, 1fr))` }}
      >
        {play.pad.map((id) => (
          <button
            key={id}
            type="button"
            className="rr-key"
            aria-label={itemName(id)}
            disabled={!open || entry.length >= play.length}
            data-testid={`pad-${id}`}
            onClick={() => act({ kind: 'item', id })}
          >
            <ItemFace id={id} size="pad" />
          </button>
        ))}
      </div>

      <div className="rr-actions">
        <button
          type="button"
          className="button"
          disabled={!open || entry.length === 0}
          data-testid="undo"
          onClick={() => act({ kind: 'undo' })}
        >
          {t('board.undo')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!open || entry.length === 0}
          data-testid="clear"
          onClick={() => act({ kind: 'clear' })}
        >
          {t('board.clear')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!open || !isComplete(entry, play.length)}
          aria-disabled={busy || undefined}
          data-testid="send"
          onClick={() => act({ kind: 'submit' })}
        >
          {busy && open ? t('board.sending') : t('board.send')}
        </button>
      </div>
    </div>
  );
}

function Lives({ lives, livesMax }: { lives: number; livesMax: number }) {
  const { t } = useTranslation('rapid-recall');
  return (
    <span className="rr-lives" role="img" aria-label={t('board.lives', { count: lives })} data-testid="lives">
      {Array.from({ length: livesMax }, (_, i) => (
        <span key={i} className={i < lives ? 'rr-life' : 'rr-life rr-life-lost'} aria-hidden="true">
          ♥
        </span>
      ))}
    </span>
  );
}

/** What the stage shows in each phase of the round. */
function Stage({ play, entry }: { play: RapidRecallPlay; entry: readonly string[] }) {
  const { t } = useTranslation('rapid-recall');
  const itemName = useItemName();
  switch (play.phase) {
    case 'waiting':
      return (
        <div className="rr-waiting">
          {play.last && <LastRound last={play.last} />}
          <p className="rr-ready" data-testid="get-ready">
            {t('board.getReady', { count: play.length })}
          </p>
        </div>
      );
    case 'showing': {
      const { showing } = play;
      if (!showing) return null;
      return (
        <div className="rr-showing">
          {/* Keyed by its place, so each item comes in afresh. */}
          <div key={showing.index} className="rr-shown" role="img" aria-label={itemName(showing.item)} data-testid="shown-item">
            <ItemFace id={showing.item} size="stage" />
          </div>
          <Progress index={showing.index} length={play.length} />
        </div>
      );
    }
    case 'input':
      return (
        <div className="rr-input">
          <p className="rr-prompt">{t('board.yourTurn', { count: play.length })}</p>
          <ol className="rr-slots" aria-label={t('board.entered')} data-testid="entered">
            {Array.from({ length: play.length }, (_, i) => {
              const id = entry[i];
              return (
                <li key={i} className={id ? 'rr-slot rr-slot-filled' : 'rr-slot'}>
                  {id ? (
                    <>
                      <ItemFace id={id} size="chip" />
                      <span className="visually-hidden">{itemName(id)}</span>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </div>
      );
    case 'timed_out':
      return (
        <p className="rr-timed-out" data-testid="timed-out">
          {t('board.timedOut')}
        </p>
      );
    case 'over':
      return null;
  }
}

/** Which item of the sequence is showing, without saying anything about the others. */
function Progress({ index, length }: { index: number; length: number }) {
  const { t } = useTranslation('rapid-recall');
  return (
    <div className="rr-progress" role="img" aria-label={t('board.progress', { number: index + 1, count: length })} data-testid="progress">
      {Array.from({ length }, (_, i) => (
        <span key={i} className={i === index ? 'rr-dot rr-dot-now' : i < index ? 'rr-dot rr-dot-done' : 'rr-dot'} />
      ))}
    </div>
  );
}

/** The round just over: its points when right; else the sequence it was. */
export function LastRound({ last }: { last: RapidRecallRound }) {
  const { t } = useTranslation('rapid-recall');
  const itemName = useItemName();
  if (last.outcome === 'right') {
    return (
      <p className="rr-feedback rr-right" data-testid="last-round">
        {t('board.right', { points: last.points })}
      </p>
    );
  }
  return (
    <div className="rr-feedback rr-wrong" data-testid="last-round">
      <p>{last.outcome === 'wrong' ? t('board.wrong') : t('board.missed')}</p>
      <ol className="rr-sequence" aria-label={last.sequence.map(itemName).join(', ')}>
        {last.sequence.map((id, i) => (
          <li key={i}>
            <ItemFace id={id} size="chip" />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The kind choice of the start panel. */
export function KindPicker({ value, onChange }: { value: RapidRecallKind; onChange: (kind: RapidRecallKind) => void }) {
  const { t } = useTranslation('rapid-recall');
  return (
    <div className="rr-kinds" role="group" aria-label={t('setup.kind')}>
      {RAPID_RECALL_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className="rr-kind"
          aria-pressed={value === kind}
          data-testid={`kind-${kind}`}
          onClick={() => onChange(kind)}
        >
          <span className="rr-kind-sample" aria-hidden="true">
            {KIND_SAMPLES[kind].map((id) => (
              <ItemFace key={id} id={id} size="chip" />
            ))}
          </span>
          <span>{t(`kinds.${kind}`)}</span>
        </button>
      ))}
    </div>
  );
}
