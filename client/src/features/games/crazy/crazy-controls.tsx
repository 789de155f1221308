import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNameOf } from '../../../components/match/match-parts.tsx';
import type { RoomView } from '../../../lib/rooms/rooms-api.ts';
import type { CrazyView } from './crazy-api.ts';
import { atOneCard, checkSelection, isWild, SUITS, type Card } from './crazy-cards.ts';
import { isMyTurn } from './crazy-machine.ts';
import { SuitMark } from './crazy-parts.tsx';
import type { CrazySend } from './use-crazy-match.ts';

/** What the viewer can do: a hint, the suit chooser, Play / Draw or take the penalty / Pass / Qeregn / Crazy. */
export function Controls({
  room,
  view,
  me,
  selection,
  choosingSuit,
  sending,
  send,
}: {
  room: RoomView;
  view: CrazyView;
  me: string;
  selection: Card[];
  choosingSuit: boolean;
  sending: boolean;
  send: CrazySend;
}) {
  const { t } = useTranslation('crazy');
  const nameOf = useNameOf(room);
  const [picking, setPicking] = useState(false);
  const mine = isMyTurn(view, me);
  const playing = view.players.some((p) => p.id === me && p.status === 'playing');
  const check = checkSelection(selection, view, view.suitLocked);
  // Calling Crazy on someone who said Qeregn is always false: they are no target.
  const targets = atOneCard(view.players, me).filter((id) => !(view.saidQeregn?.[id] ?? false));
  const lockedWild = view.suitLocked && selection.length === 1 && isWild(selection[0]!);
  const canDraw = mine && !view.hasDrawn && view.penalty === 0 && view.canPassWithoutDrawing !== true;
  const canPass = mine && (view.hasDrawn || view.penalty > 0 || view.canPassWithoutDrawing === true);
  const canQeregn = playing && view.hand.length === 1 && view.saidQeregn?.[me] !== true;

  const hint = !mine
    ? t('hints.waiting')
    : check.ok
      ? null
      : check.reason === 'empty'
        ? view.canPassWithoutDrawing
          ? t('hints.nothingToDraw')
          : view.penalty > 0
            ? t('hints.penalty')
            : view.hasDrawn
              ? t('hints.drawn')
              : t('hints.select')
        : t(`hints.${check.reason}`);

  function callCrazy() {
    if (targets.length === 1) send({ type: 'CALL', target: targets[0]! });
    else setPicking((open) => !open);
  }

  return (
    <div className="stack crazy-controls" aria-busy={sending}>
      {hint && (
        <p className="small muted crazy-hint" aria-live="polite" data-testid="crazy-hint">
          {hint}
        </p>
      )}
      {(choosingSuit || lockedWild) && (
        <div className="card crazy-suits" role="group" aria-labelledby="crazy-suit-title" data-testid="suit-chooser">
          <p id="crazy-suit-title" className="field-label">
            {t('chooseSuit')}
          </p>
          {lockedWild && <p className="small muted">{t('suitLocked')}</p>}
          <div className="crazy-suit-buttons">
            {SUITS.map((suit) => (
              <button
                key={suit}
                type="button"
                className="button"
                disabled={!choosingSuit || view.suitLocked}
                onClick={() => send({ type: 'CHOOSE_SUIT', suit })}
              >
                <SuitMark suit={suit} />
              </button>
            ))}
          </div>
          {choosingSuit && (
            <button type="button" className="button button-ghost button-compact" onClick={() => send({ type: 'CANCEL_SUIT' })}>
              {t('cancel')}
            </button>
          )}
        </div>
      )}
      <div className="crazy-actions" role="group" aria-label={t('actions')}>
        <button
          type="button"
          className="button button-primary"
          disabled={!mine || selection.length === 0 || sending}
          onClick={() => send({ type: 'PLAY' })}
        >
          {t('terms.play')}
        </button>
        {view.penalty > 0 ? (
          <button type="button" className="button" disabled={!mine || sending} onClick={() => send({ type: 'FACE_PENALTY' })}>
            {t('terms.facePenalty')}
          </button>
        ) : (
          <button type="button" className="button" disabled={!canDraw || sending} onClick={() => send({ type: 'DRAW' })}>
            {t('terms.draw')}
          </button>
        )}
        <button type="button" className="button" disabled={!canPass || sending} onClick={() => send({ type: 'PASS' })}>
          {t('terms.pass')}
        </button>
        <button type="button" className="button crazy-qeregn" disabled={!canQeregn || sending} onClick={() => send({ type: 'QEREGN' })}>
          {t('terms.qeregn')}
        </button>
        <button
          type="button"
          className="button crazy-call"
          disabled={!playing || targets.length === 0 || sending}
          aria-expanded={targets.length > 1 ? picking : undefined}
          onClick={callCrazy}
        >
          {t('terms.crazy')}
        </button>
      </div>
      {picking && targets.length > 1 && (
        <div className="card crazy-targets" role="group" aria-labelledby="crazy-targets-title" data-testid="crazy-targets">
          <p id="crazy-targets-title" className="field-label">
            {t('callWhom')}
          </p>
          {targets.map((id) => (
            <button
              key={id}
              type="button"
              className="button"
              disabled={sending}
              onClick={() => {
                setPicking(false);
                send({ type: 'CALL', target: id });
              }}
            >
              {t('callOn', { name: nameOf(id) })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
