import { describe, expect, it } from 'vitest';
import { AMHARIC_LATIN_LAYOUT, typedKeyResolver, type KeyFamily } from './typed-keys.ts';

const AMHARIC_KEYS = AMHARIC_LATIN_LAYOUT.map((row) => row.key);
const FAMILIES: KeyFamily[] = [
  { key: 'ሀ', soundAlikes: ['ሐ', 'ኀ'], fidel: ['ሀ', 'ሁ', 'ሃ', 'ሐ', 'ሓ', 'ኀ', 'ኃ'] },
  { key: 'ሰ', soundAlikes: ['ሠ'], fidel: ['ሰ', 'ሳ', 'ሠ', 'ሣ'] },
  { key: 'ለ', soundAlikes: [], fidel: ['ለ', 'ሉ'] },
];

describe('keys typed on a physical keyboard', () => {
  it('gives English letters in either case, and nothing else', () => {
    const keyOf = typedKeyResolver('en', ['a', 'b', 'q'], []);
    expect(['Q', 'q', 'a', 'z', '1', 'Enter', 'ሀ'].map(keyOf)).toEqual(['q', 'q', 'a', null, null, null, null]);
  });

  it('types each Amharic family by the Latin letter of its sound, the shifted letters being other sounds', () => {
    const keyOf = typedKeyResolver('am', AMHARIC_KEYS, FAMILIES);
    expect(['h', 'l', 's', 'x', 'q', 'c', 'n', 'e', 'a', 'u', 'k', 'g', 'f', 'p'].map(keyOf)).toEqual([
      ...['ሀ', 'ለ', 'ሰ', 'ሸ', 'ቀ', 'ቸ', 'ነ', 'አ', 'አ', 'አ', 'ከ', 'ገ', 'ፈ', 'ፐ'],
    ]);
    expect(['t', 'T', 'c', 'C', 's', 'S', 'p', 'P', 'n', 'N', 'z', 'Z', 'k', 'K'].map(keyOf)).toEqual([
      ...['ተ', 'ጠ', 'ቸ', 'ጨ', 'ሰ', 'ጸ', 'ፐ', 'ጰ', 'ነ', 'ኘ', 'ዘ', 'ዠ', 'ከ', 'ኸ'],
    ]);
    // A capital with no sound of its own is its small letter (Caps Lock on).
    expect(['H', 'L', 'A', 'M'].map(keyOf)).toEqual(['ሀ', 'ለ', 'አ', 'መ']);
  });

  it('takes any fidel of a family, sound-alikes included, to its key; anything else to nothing', () => {
    const keyOf = typedKeyResolver('am', AMHARIC_KEYS, FAMILIES);
    expect(['ሳ', 'ሣ', 'ኃ', 'ሐ', 'ሉ'].map(keyOf)).toEqual(['ሰ', 'ሰ', 'ሀ', 'ሀ', 'ለ']);
    expect(['ቐ', '1', ' ', 'Enter', '፡'].map(keyOf)).toEqual([null, null, null, null, null]);
  });

  it('answers only keys the keyboard has', () => {
    const keyOf = typedKeyResolver('am', ['ሀ'], FAMILIES);
    expect(['h', 'l', 'ሉ'].map(keyOf)).toEqual(['ሀ', null, null]);
  });

  it('has a Latin key for every key of the Amharic keyboard, and no Latin key twice', () => {
    expect(new Set(AMHARIC_KEYS).size).toBe(29);
    const latin = AMHARIC_LATIN_LAYOUT.flatMap((row) => row.latin);
    expect(new Set(latin).size).toBe(latin.length);
  });
});
