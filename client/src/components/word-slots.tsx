import { useTranslation } from 'react-i18next';
import './word-slots.css';

/** One box per character; a letter not yet found is an empty box. Read out as one phrase ("blank, a, blank"). */
export function WordSlots({ slots, language }: { slots: readonly (string | null)[]; language: 'en' | 'am' }) {
  const { t } = useTranslation('hangman');
  const pattern = slots.map((s) => (s === null ? t('game.blank') : s === ' ' ? '·' : s)).join(', ');
  return (
    <p className="word-slots" lang={language} aria-label={t('game.wordLabel', { count: slots.length, pattern })} data-testid="word-slots">
      {slots.map((slot, index) =>
        slot === ' ' ? (
          <span key={index} className="word-gap" aria-hidden="true" />
        ) : (
          <span
            key={index}
            className={slot === null ? 'word-slot' : 'word-slot word-slot-filled'}
            aria-hidden="true"
            data-testid="word-slot"
          >
            {slot ?? ''}
          </span>
        ),
      )}
    </p>
  );
}
