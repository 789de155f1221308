import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDuelWords } from '../../../lib/hangman/hangman-api.ts';
import './set-word-form.css';

/** How long typing pauses before the suggestions are asked for, so one request follows a burst of keys. */
const SUGGEST_AFTER_MS = 200;

/**
 * The setter's form: the secret word, with words from the game's list that begin as typed (Amharic in any spelling of
 * the same sounds) offered below it; picking one fills the field. Words already set in this match are not offered.
 */
export function SetWordForm({
  language,
  busy,
  usedWords,
  onSetWord,
}: {
  language: 'en' | 'am';
  busy: boolean;
  usedWords: readonly string[];
  onSetWord: (word: string) => void;
}) {
  const { t } = useTranslation('multiplayer');
  const [word, setWord] = useState('');
  const suggestions = useWordSuggestions(language, word).filter((s) => s !== word.trim() && !usedWords.includes(s));
  return (
    <form
      className="card stack"
      aria-labelledby="set-word-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (word.trim()) onSetWord(word);
      }}
    >
      <h2 id="set-word-title" className="section-title">
        {t('game.setWordTitle')}
      </h2>
      <div className="field">
        <label className="field-label" htmlFor="secret-word">
          {t('game.secretWord')}
        </label>
        <input
          id="secret-word"
          className="input mp-word-input"
          lang={language}
          value={word}
          onChange={(event) => setWord(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          aria-describedby="set-word-hint"
          autoFocus
        />
        <span id="set-word-hint" className="field-hint">
          {t(language === 'am' ? 'game.rulesAm' : 'game.rulesEn')}
        </span>
      </div>
      <button type="submit" className="button button-primary" disabled={busy || word.trim() === ''}>
        {busy ? t('game.sending') : t('game.setWord')}
      </button>
      {/* Below the button: suggestions that arrive as the setter types never move it from under their finger. */}
      {suggestions.length > 0 && (
        <div className="chips duel-suggestions" role="group" aria-label={t('game.suggestions')} data-testid="word-suggestions">
          {suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="chip duel-suggestion"
              lang={language}
              data-testid="word-suggestion"
              onClick={(event) => {
                setWord(suggestion);
                event.currentTarget.form?.querySelector<HTMLInputElement>('#secret-word')?.focus();
              }}
            >
              {suggestion}
            </button>
          ))}
        </div>
      )}
    </form>
  );
}

/** The server's suggestions for what has been typed, once typing pauses; none while it is empty or if asking fails. */
function useWordSuggestions(language: 'en' | 'am', typed: string): readonly string[] {
  const [found, setFound] = useState<readonly string[]>([]);
  const prefix = typed.trim();
  useEffect(() => {
    if (prefix === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchDuelWords(language, prefix, controller.signal).then(
        setFound,
        () => undefined, // suggestions are a help: the form works without them
      );
    }, SUGGEST_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [language, prefix]);
  // The last answer stays until the next one arrives, so the list does not flicker with every key.
  return prefix === '' ? [] : found;
}
