import { useTranslation } from 'react-i18next';
import type { CrazyView } from './crazy-api.ts';
import { isAceOfSpades } from './crazy-cards.ts';
import { ShownCard, SuitMark } from './crazy-parts.tsx';

/** The middle of the table: the deck, the top card of the pile, the suit asked for, the direction, a penalty. */
export function Pile({ view }: { view: CrazyView }) {
  const { t } = useTranslation('crazy');
  const penaltyText =
    view.penalty > 0 && view.top
      ? isAceOfSpades(view.top)
        ? t('penaltyAce', { count: view.penalty })
        : t('penaltyTwo', { count: view.penalty })
      : null;
  return (
    <div className="card crazy-table-centre" data-testid="crazy-pile">
      <div className="crazy-stacks">
        <span className="crazy-deck" data-testid="crazy-deck">
          <span className="crazy-back" aria-hidden="true" />
          {t('deck', { count: view.deckCount })}
        </span>
        <span className="crazy-top" aria-label={t('topCard')}>
          {view.top ? <ShownCard key={view.top.id} card={view.top} /> : <span className="muted small">{t('noTopCard')}</span>}
          <span className="small muted">{t('pile', { count: view.pileCount })}</span>
        </span>
      </div>
      <p className="crazy-facts">
        {view.suit && (
          <span data-testid="crazy-suit">
            {t('currentSuit', { suit: '' })}
            <SuitMark suit={view.suit} />
          </span>
        )}
        <span data-testid="crazy-direction">{t(`direction.${view.direction}`)}</span>
      </p>
      {penaltyText && (
        <p className="crazy-penalty" role="status" data-testid="crazy-penalty">
          {penaltyText}
        </p>
      )}
    </div>
  );
}
