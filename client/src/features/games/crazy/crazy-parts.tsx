import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/error-message.tsx';
import { useApiQuery } from '../../../hooks/use-api-query.ts';
import { fetchGameRules } from '../../../lib/games/games-api.ts';
import { SUIT_SYMBOL, colourOf, type Card, type Suit } from './crazy-cards.ts';
import './crazy.css';

/** "8 of hearts" / "የልብ 8": a card's accessible name. */
export function useCardLabel() {
  const { t } = useTranslation('crazy');
  return (card: Card) => t('cardLabel', { rank: t(`ranks.${card.rank}`), suit: t(`suitWords.${card.suit}`) });
}

/** A card drawn with text: rank and suit symbol in the corners, the symbol large in the middle. */
export function CardFace({ card, small = false }: { card: Card; small?: boolean }) {
  return (
    <span className={`crazy-face crazy-${colourOf(card.suit)}${small ? ' crazy-face-small' : ''}`} aria-hidden="true">
      <span className="crazy-face-corner">
        {card.rank}
        <br />
        {SUIT_SYMBOL[card.suit]}
      </span>
      <span className="crazy-face-pip">{SUIT_SYMBOL[card.suit]}</span>
    </span>
  );
}

/** A card shown, not played (the pile, the replay's hands): an image with the card's name. */
export function ShownCard({ card, small }: { card: Card; small?: boolean }) {
  const label = useCardLabel();
  return (
    <span className="crazy-shown" role="img" aria-label={label(card)}>
      <CardFace card={card} small={small} />
    </span>
  );
}

export function SuitMark({ suit }: { suit: Suit }) {
  const { t } = useTranslation('crazy');
  return (
    <span className={`crazy-suit crazy-${colourOf(suit)}`}>
      <span aria-hidden="true">{SUIT_SYMBOL[suit]}</span> {t(`suits.${suit}`)}
    </span>
  );
}

/**
 * How to play, in both languages, the player's first: the engine's rule table (numbers from its rules.ts, so the text
 * cannot disagree with the game), served by the games catalogue API.
 */
export function CrazyInstructions() {
  const { t, i18n } = useTranslation('crazy');
  const first = i18n.language === 'am' ? 'am' : 'en';
  const languages = first === 'am' ? (['am', 'en'] as const) : (['en', 'am'] as const);
  const rules = useApiQuery((signal) => fetchGameRules('crazy', signal));
  return (
    <details className="card crazy-instructions" data-testid="crazy-instructions">
      <summary>{t('instructions')}</summary>
      {rules.status === 'error' && <LoadError error={rules.error} onRetry={rules.reload} />}
      {languages.map((language) => (
        <section key={language} lang={language} aria-label={t(`instructionsIn.${language}`)}>
          <h3 className="small muted">{t(`instructionsIn.${language}`)}</h3>
          <ul className="crazy-rules">
            {(rules.data ?? []).map((rule) => (
              <li key={rule.id}>{rule.text[language]}</li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
