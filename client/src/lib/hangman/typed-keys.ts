/**
 * Which Hangman key a key pressed on a physical keyboard guesses. English: the letter, in either case. Amharic: the
 * Latin letter of the consonant's sound, as the common phonetic (SERA-style) layouts of Amharic keyboards have it
 * (h ሀ, l ለ, … x ሸ, shifted letters for the ejectives and the other palatals: T ጠ, C ጨ, P ጰ, S ጸ, N ኘ, Z ዠ, K ኸ),
 * a vowel for አ, or the fidel itself typed with an Ethiopic input method.
 */

/** A key of the Amharic keyboard with what it guesses (the server's Hangman options). */
export interface KeyFamily {
  readonly key: string;
  readonly soundAlikes: readonly string[];
  readonly fidel: readonly string[];
}

/** The Amharic phonetic layout, in keyboard order: each key with the Latin keys that type it (shown as a table too). */
export const AMHARIC_LATIN_LAYOUT: readonly { readonly key: string; readonly latin: readonly string[] }[] = [
  { key: 'ሀ', latin: ['h'] },
  { key: 'ለ', latin: ['l'] },
  { key: 'መ', latin: ['m'] },
  { key: 'ረ', latin: ['r'] },
  { key: 'ሰ', latin: ['s'] },
  { key: 'ሸ', latin: ['x'] },
  { key: 'ቀ', latin: ['q'] },
  { key: 'በ', latin: ['b'] },
  { key: 'ቨ', latin: ['v'] },
  { key: 'ተ', latin: ['t'] },
  { key: 'ቸ', latin: ['c'] },
  { key: 'ነ', latin: ['n'] },
  { key: 'ኘ', latin: ['N'] },
  { key: 'አ', latin: ['a', 'e', 'i', 'o', 'u'] },
  { key: 'ከ', latin: ['k'] },
  { key: 'ኸ', latin: ['K'] },
  { key: 'ወ', latin: ['w'] },
  { key: 'ዘ', latin: ['z'] },
  { key: 'ዠ', latin: ['Z'] },
  { key: 'የ', latin: ['y'] },
  { key: 'ደ', latin: ['d'] },
  { key: 'ጀ', latin: ['j'] },
  { key: 'ገ', latin: ['g'] },
  { key: 'ጠ', latin: ['T'] },
  { key: 'ጨ', latin: ['C'] },
  { key: 'ጰ', latin: ['P'] },
  { key: 'ጸ', latin: ['S'] },
  { key: 'ፈ', latin: ['f'] },
  { key: 'ፐ', latin: ['p'] },
];

const AMHARIC_BY_LATIN: ReadonlyMap<string, string> = new Map(
  AMHARIC_LATIN_LAYOUT.flatMap(({ key, latin }) => latin.map((l) => [l, key] as const)),
);

/** A capital with no key of its own (H, L, A, …) types what its small letter does, so Caps Lock does not get in the way. */
const amharicOfLatin = (typed: string): string | undefined => AMHARIC_BY_LATIN.get(typed) ?? AMHARIC_BY_LATIN.get(typed.toLowerCase());

/** Maps what a keydown typed (`KeyboardEvent.key`) to the key it guesses, or null when it guesses nothing. */
export type TypedKeyOf = (typed: string) => string | null;

/** The resolver for a game's keyboard: only keys that `keys` has are ever answered. */
export function typedKeyResolver(language: 'en' | 'am', keys: readonly string[], families: readonly KeyFamily[]): TypedKeyOf {
  const available = new Set(keys);
  const only = (key: string | undefined) => (key !== undefined && available.has(key) ? key : null);
  if (language === 'en') return (typed) => (/^[a-z]$/i.test(typed) ? only(typed.toLowerCase()) : null);
  const byFidel = new Map(families.flatMap(({ key, fidel }) => fidel.map((f) => [f, key] as const)));
  return (typed) => (/^[A-Za-z]$/.test(typed) ? only(amharicOfLatin(typed)) : only(byFidel.get(typed)));
}
