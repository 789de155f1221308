import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { typedKeyResolver, type KeyFamily, type TypedKeyOf } from '../lib/hangman/typed-keys.ts';
import './keyboard.css';

type KeyState = 'unused' | 'hit' | 'miss';

const NO_FAMILIES: readonly KeyFamily[] = [];

/**
 * The on-screen keyboard: one button per key, named by its letter (whether it was right is its description). A used
 * key keeps its colour (right or wrong) and is disabled; while a move is on its way every key is aria-disabled so focus stays where it is.
 * An Amharic key that also stands for letters heard the same (ሀ for ሐ and ኀ) shows them small beside its own, and its
 * name says so. While the keys are usable, the physical keyboard types them too (typed-keys.ts).
 */
export function Keyboard({
  keys,
  families = NO_FAMILIES,
  guessed,
  missed,
  language,
  busy,
  onKey,
}: {
  keys: readonly string[];
  /** Amharic: what each key guesses (the server's Hangman options); none for English. */
  families?: readonly KeyFamily[] | undefined;
  guessed: readonly string[];
  missed: readonly string[];
  language: 'en' | 'am';
  busy: boolean;
  onKey: (key: string) => void;
}) {
  const { t, i18n } = useTranslation('hangman');
  const stateOf = (key: string): KeyState => (missed.includes(key) ? 'miss' : guessed.includes(key) ? 'hit' : 'unused');
  const soundAlikes = useMemo(() => new Map(families.map((f) => [f.key, f.soundAlikes])), [families]);
  const typedKeyOf = useMemo(() => typedKeyResolver(language, keys, families), [language, keys, families]);
  usePhysicalKeyboard(!busy, typedKeyOf, (key) => {
    if (stateOf(key) === 'unused') onKey(key);
  });
  // The name is read in the page's language, whichever language the keys are.
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
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
        const letter = language === 'en' ? key.toUpperCase() : key;
        const alikes = soundAlikes.get(key) ?? [];
        const label = alikes.length > 0 ? t('game.keyWithSoundAlikes', { key: letter, alikes: listFormat.format(alikes) }) : letter;
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
            <span className="key-letter">{letter}</span>
            {alikes.length > 0 && (
              <span className="key-alikes" aria-hidden="true">
                {alikes.map((alike) => (
                  <span key={alike}>{alike}</span>
                ))}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/**
 * Keys typed on a physical keyboard guess too (not while typing in a field, nor with modifiers, nor mid-composition in
 * an input method): `keyOf` says which key a typed character stands for.
 */
export function usePhysicalKeyboard(enabled: boolean, keyOf: TypedKeyOf, onKey: (key: string) => void) {
  // The latest callback, without listening again on every render (it sees the keys' latest states).
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.isComposing) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      const key = keyOf(event.key);
      if (key === null) return;
      event.preventDefault();
      onKeyRef.current(key);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled, keyOf]);
}
