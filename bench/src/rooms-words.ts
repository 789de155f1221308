import { duel, hangman } from '@qal/game-engine';

/** A seeded shuffle, so runs are comparable. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Words of the English Hangman bank the duel's dictionary accepts, within its length bounds (the bench's setters pick from them). */
export function setterWords(): string[] {
  const { min, max } = duel.DUEL_WORD_LENGTH.en;
  const words = new Set(
    hangman.WORD_BANK.en
      .map((entry) => entry.word)
      .filter((word) => /^[a-z]+$/.test(word) && word.length >= min && word.length <= max && duel.isDictionaryWord('en', word)),
  );
  if (words.size < 8) throw new Error(`only ${words.size} usable words in the English bank`);
  return shuffled([...words], 20_260_501);
}
