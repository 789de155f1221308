import { useTranslation } from 'react-i18next';
import { AMHARIC_LATIN_LAYOUT } from '../lib/hangman/typed-keys.ts';
import './typing-help.css';

/**
 * Below a word game's keyboard, where there is a physical keyboard (a fine pointer): that typing guesses too, and for
 * Amharic which Latin key types which family (typed-keys.ts), folded away until asked for.
 */
export function TypingHelp({ language }: { language: 'en' | 'am' }) {
  const { t } = useTranslation('hangman');
  if (language === 'en') return <p className="muted small typing-help">{t('game.physicalKeyboard')}</p>;
  return (
    <div className="typing-help" data-testid="typing-help">
      <p className="muted small">{t('game.physicalKeyboardAm')}</p>
      <details className="typing-help-layout">
        <summary className="small">{t('game.layoutTitle')}</summary>
        <ul className="typing-help-table">
          {AMHARIC_LATIN_LAYOUT.map(({ key, latin }) => (
            <li key={key}>
              <span lang="am" className="typing-help-fidel">
                {key}
              </span>{' '}
              {latin.map((letter) => (
                <kbd key={letter}>{letter}</kbd>
              ))}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
