import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './keyboard.css';

type KeyState = 'unused' | 'hit' | 'miss';

/**
 * The on-screen keyboard: one button per key, named by its letter (whether it was right is its description). A used
 * key keeps its colour (right or wrong) and is disabled; while a move is on its way every key is aria-disabled so focus stays where it is.
 */
export function Keyboard({
  keys,
  guessed,
  missed,
  language,
  busy,
  onKey,
}: {
  keys: readonly string[];
  guessed: readonly string[];
  missed: readonly string[];
  language: 'en' | 'am';
  busy: boolean;
  onKey: (key: string) => void;
}) {
  const { t } = useTranslation('hangman');
  const stateOf = (key: string): KeyState => (missed.includes(key) ? 'miss' : guessed.includes(key) ? 'hit' : 'unused');
  return (
    <div className={`keyboard keyboard-${language}`} role="group" aria-label={t('game.keyboard')} data-testid="keyboard">
      <span id="key-hit-description" hidden>
        {t('game.keyHit')}
      </span>
      <span id="key-miss-description" hidden>
        {t('game.keyMiss')}
      </span>
      {keys.map((key) => {
        const state = stateOf(key);
        const label = language === 'en' ? key.toUpperCase() : key;
        return (
          <button
            key={key}
            type="button"
            lang={language}
            className={`key key-${state}`}
            aria-label={label}
            aria-describedby={state === 'unused' ? undefined : `key-${state}-description`}
            aria-disabled={busy || undefined}
            disabled={state !== 'unused'}
            data-testid={`key-${key}`}
            data-state={state}
            onClick={() => {
              if (!busy) onKey(key);
            }}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

/** English letters typed on a physical keyboard guess too (not while typing in a field, nor with modifiers). */
export function usePhysicalKeyboard(enabled: boolean, onKey: (key: string) => void) {
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (!/^[a-z]$/i.test(event.key)) return;
      event.preventDefault();
      onKey(event.key.toLowerCase());
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled, onKey]);
}
