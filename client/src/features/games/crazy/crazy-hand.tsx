import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrazyView } from './crazy-api.ts';
import { playableIds, sortHand } from './crazy-cards.ts';
import { CardFace, useCardLabel } from './crazy-parts.tsx';

/** The hand, fanned: each card a button named like "8 of hearts"; selected cards raised, fitting cards marked. */
export function Hand({ view, selection, onToggle }: { view: CrazyView; selection: string[]; onToggle: (id: string) => void }) {
  const { t } = useTranslation('crazy');
  const label = useCardLabel();
  const hand = sortHand(view.hand);
  const fitting = playableIds(hand, view);
  const middle = (hand.length - 1) / 2;
  // A gentle fan: the spread narrows as the hand grows so a 15-card hand still fits 360 px.
  const step = hand.length > 1 ? Math.min(5, 36 / hand.length) : 0;
  return (
    <section className="crazy-hand-wrap" aria-label={t('handCount', { count: hand.length })}>
      {hand.length === 0 ? (
        <p className="muted">{t('handEmpty')}</p>
      ) : (
        <ul className="crazy-hand" data-testid="crazy-hand" style={{ '--cards': hand.length } as CSSProperties}>
          {hand.map((card, i) => {
            const selected = selection.includes(card.id);
            return (
              <li key={card.id} className="crazy-hand-slot" style={{ '--angle': `${(i - middle) * step}deg` } as CSSProperties}>
                <button
                  type="button"
                  className={`crazy-card${selected ? ' crazy-card-selected' : ''}${fitting.has(card.id) && view.turn === view.viewerId ? ' crazy-card-fits' : ''}`}
                  aria-pressed={selected}
                  aria-label={label(card)}
                  data-card-id={card.id}
                  onClick={() => onToggle(card.id)}
                >
                  <CardFace card={card} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
