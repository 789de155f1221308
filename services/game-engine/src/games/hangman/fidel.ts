/**
 * Amharic fidel → Hangman key. A key is a consonant family: guessing it reveals every fidel of that family in the
 * word, in its written form. Families that sound the same in modern Amharic share one key (ሀ/ሐ/ኀ, ሰ/ሠ, አ/ዐ,
 * ጸ/ፀ), written as the group's first member, and the labialised series (ቈ ኈ ኰ ጐ) belong to their plain
 * consonant (ቀ ኀ ከ ገ), so the keyboard has 29 keys in ሀ-row order.
 *
 * Coverage is exactly the CLDR `am` exemplar set (282 fidel): the Ethiopic block is laid out in
 * rows of 8 (orders ä u i a e ɨ o, then -wa), and a row's -wa slot or the ቐ/ዀ/ዸ/ጘ rows of other languages map to null.
 */

/** A key of the Amharic keyboard: the first-order fidel of a family (or of a merged homophone group). */
export type FamilyKey = string;

interface FamilyRow {
  /** First-order fidel of the row in the Unicode block. */
  readonly first: string;
  /** The key this row's fidel guess under. */
  readonly key: FamilyKey;
  /** Offsets from `first` that Amharic writes. */
  readonly offsets: readonly number[];
}

const EIGHT_ORDERS = [0, 1, 2, 3, 4, 5, 6, 7];
const SEVEN_ORDERS = [0, 1, 2, 3, 4, 5, 6];
/** ቈ ቊ ቋ ቌ ቍ: slot 1 of a labialised row is unassigned and slots 6–7 belong to no Amharic sound. */
const LABIALISED_ORDERS = [0, 2, 3, 4, 5];

const row = (first: string, offsets: readonly number[], key: FamilyKey = first): FamilyRow => ({ first, key, offsets });

/** Every row Amharic uses, in code-point order. */
const AMHARIC_ROWS: readonly FamilyRow[] = [
  row('ሀ', SEVEN_ORDERS),
  row('ለ', EIGHT_ORDERS),
  row('ሐ', EIGHT_ORDERS, 'ሀ'),
  row('መ', EIGHT_ORDERS),
  row('ሠ', EIGHT_ORDERS, 'ሰ'),
  row('ረ', EIGHT_ORDERS),
  row('ሰ', EIGHT_ORDERS),
  row('ሸ', EIGHT_ORDERS),
  row('ቀ', SEVEN_ORDERS),
  row('ቈ', LABIALISED_ORDERS, 'ቀ'),
  row('በ', EIGHT_ORDERS),
  row('ቨ', EIGHT_ORDERS),
  row('ተ', EIGHT_ORDERS),
  row('ቸ', EIGHT_ORDERS),
  row('ኀ', SEVEN_ORDERS, 'ሀ'),
  row('ኈ', LABIALISED_ORDERS, 'ሀ'),
  row('ነ', EIGHT_ORDERS),
  row('ኘ', EIGHT_ORDERS),
  row('አ', EIGHT_ORDERS),
  row('ከ', SEVEN_ORDERS),
  row('ኰ', LABIALISED_ORDERS, 'ከ'),
  row('ኸ', SEVEN_ORDERS),
  row('ወ', SEVEN_ORDERS),
  row('ዐ', SEVEN_ORDERS, 'አ'),
  row('ዘ', EIGHT_ORDERS),
  row('ዠ', EIGHT_ORDERS),
  row('የ', SEVEN_ORDERS),
  row('ደ', EIGHT_ORDERS),
  row('ጀ', EIGHT_ORDERS),
  row('ገ', SEVEN_ORDERS),
  row('ጐ', LABIALISED_ORDERS, 'ገ'),
  row('ጠ', EIGHT_ORDERS),
  row('ጨ', EIGHT_ORDERS),
  row('ጰ', EIGHT_ORDERS),
  row('ጸ', EIGHT_ORDERS),
  row('ፀ', SEVEN_ORDERS, 'ጸ'),
  row('ፈ', EIGHT_ORDERS),
  row('ፐ', EIGHT_ORDERS),
];

const fidelAt = (first: string, offset: number): string => String.fromCodePoint(first.codePointAt(0)! + offset);

const KEY_BY_FIDEL: ReadonlyMap<string, FamilyKey> = new Map(
  AMHARIC_ROWS.flatMap((r) => r.offsets.map((offset) => [fidelAt(r.first, offset), r.key] as const)),
);

/** The Amharic keyboard, in ሀ-row (code-point) order. */
export const AMHARIC_KEYS: readonly FamilyKey[] = [...new Set(AMHARIC_ROWS.map((r) => r.key))].sort(
  (a, b) => a.codePointAt(0)! - b.codePointAt(0)!,
);

/** The key a fidel is guessed under, or null when the character is not an Amharic letter. */
export function familyOf(character: string): FamilyKey | null {
  return KEY_BY_FIDEL.get(character) ?? null;
}

/** Every fidel guessed under `key`, in code-point order (empty for a non-key). */
export function familyMembers(key: FamilyKey): readonly string[] {
  return [...KEY_BY_FIDEL].filter(([, k]) => k === key).map(([fidel]) => fidel);
}

/**
 * The other first-order fidel that sound like `key` and are guessed under it (ሀ: ሐ ኀ; ሰ: ሠ; አ: ዐ; ጸ: ፀ), for the
 * keyboard to show beside the key; empty for a key that merges none. The labialised rows are not listed: they are the
 * key's own consonant with a w-glide, not another letter a player looks for.
 */
export function soundAlikesOf(key: FamilyKey): readonly string[] {
  return AMHARIC_ROWS.filter((r) => r.key === key && r.first !== key && r.offsets !== LABIALISED_ORDERS).map((r) => r.first);
}

/** Every fidel Amharic uses (the CLDR `am` exemplar set), in code-point order. */
export const AMHARIC_FIDEL: readonly string[] = [...KEY_BY_FIDEL.keys()];

/**
 * One spelling per sound, for comparing words (the duel's dictionary): every fidel of a homophone row (ሐ ኀ → ሀ,
 * ሠ → ሰ, ዐ → አ, ፀ → ጸ: the rows above whose key is another row's) becomes the same order of its key's row, so ሥጋ and
 * ስጋ, ሕፃን and ህጻን fold alike. The labialised rows (ቈ ኈ ኰ ጐ) are other sounds and stay. In the two guttural rows
 * that remain, the first and fourth orders sound the same (ሀ/ሃ, አ/ኣ), as ዓ folds to ኣ while players write አ (ዓይን,
 * አይን), so the fourth order folds into the first.
 */
const FOLDED: ReadonlyMap<string, string> = (() => {
  const folded = new Map<string, string>();
  const rowOf = (first: string) => AMHARIC_ROWS.find((r) => r.first === first);
  for (const r of AMHARIC_ROWS) {
    const target = rowOf(r.key);
    if (r.key === r.first || r.offsets === LABIALISED_ORDERS || !target) continue;
    for (const offset of r.offsets) if (target.offsets.includes(offset)) folded.set(fidelAt(r.first, offset), fidelAt(r.key, offset));
  }
  const gutturalA: Readonly<Record<string, string>> = { [fidelAt('ሀ', 3)]: 'ሀ', [fidelAt('አ', 3)]: 'አ' };
  for (const [fidel, to] of folded) folded.set(fidel, gutturalA[to] ?? to);
  for (const [fidel, to] of Object.entries(gutturalA)) folded.set(fidel, to);
  return folded;
})();

/** `text` with every fidel in its folded spelling (see FOLDED); anything else is kept as it is. */
export const foldHomophones = (text: string): string => [...text].map((c) => FOLDED.get(c) ?? c).join('');
