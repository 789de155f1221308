import { describe, expect, it } from 'vitest';
import { AMHARIC_FIDEL, AMHARIC_KEYS, familyMembers, familyOf, foldHomophones, soundAlikesOf } from './fidel.ts';
import { AMHARIC_WORDS } from './words/am.ts';

/** The CLDR `am` main exemplar letters (cldr-misc-full main/am/characters.json): the fidel Amharic is written with. */
const CLDR_AMHARIC_EXEMPLARS =
  'ሀሁሂሃሄህሆለሉሊላሌልሎሏሐሑሒሓሔሕሖሗመሙሚማሜምሞሟሠሡሢሣሤሥሦሧረሩሪራሬርሮሯሰሱሲሳሴስሶሷሸሹሺሻሼሽሾሿቀቁቂቃቄቅቆቈቊቋቌቍ' +
  'በቡቢባቤብቦቧቨቩቪቫቬቭቮቯተቱቲታቴትቶቷቸቹቺቻቼችቾቿኀኁኂኃኄኅኆኈኊኋኌኍነኑኒናኔንኖኗኘኙኚኛኜኝኞኟአኡኢኣኤእኦኧ' +
  'ከኩኪካኬክኮኰኲኳኴኵኸኹኺኻኼኽኾወዉዊዋዌውዎዐዑዒዓዔዕዖዘዙዚዛዜዝዞዟዠዡዢዣዤዥዦዧየዩዪያዬይዮደዱዲዳዴድዶዷ' +
  'ጀጁጂጃጄጅጆጇገጉጊጋጌግጎጐጒጓጔጕጠጡጢጣጤጥጦጧጨጩጪጫጬጭጮጯጰጱጲጳጴጵጶጷጸጹጺጻጼጽጾጿፀፁፂፃፄፅፆፈፉፊፋፌፍፎፏ' +
  'ፐፑፒፓፔፕፖፗ';

const ethiopicBlock = Array.from({ length: 0x1380 - 0x1200 }, (_, i) => String.fromCodePoint(0x1200 + i));

describe('Amharic fidel families', () => {
  it('maps every fidel Amharic is written with to a key, and nothing else', () => {
    const exemplars = [...CLDR_AMHARIC_EXEMPLARS];
    expect(exemplars).toHaveLength(282);
    for (const fidel of exemplars) expect(familyOf(fidel), fidel).not.toBeNull();
    expect([...AMHARIC_FIDEL].sort()).toEqual([...exemplars].sort());
  });

  it('maps the rest of U+1200–U+137F to null: other languages’ rows, -oa forms, marks, punctuation, numerals', () => {
    const exemplars = new Set(CLDR_AMHARIC_EXEMPLARS);
    const others = ethiopicBlock.filter((c) => !exemplars.has(c));
    expect(others.length).toBe(ethiopicBlock.length - 282);
    for (const c of others) expect(familyOf(c), `U+${c.codePointAt(0)!.toString(16)}`).toBeNull();
    // Some that are easy to get wrong: Tigrinya ቐ, Sebatbeit ዀ, Oromo ዸ, Ge'ez ሇ/ኯ, ፘፙፚ, the word space and ፩.
    for (const c of ['ቐ', 'ቘ', 'ዀ', 'ዃ', 'ዸ', 'ጘ', 'ሇ', 'ቇ', 'ኇ', 'ኯ', 'ዏ', 'ዯ', 'ጏ', 'ፇ', 'ፘ', 'ፙ', 'ፚ', '፡', '።', '፩'])
      expect(familyOf(c), c).toBeNull();
    for (const c of ['a', 'A', ' ', '', 'ሀሁ']) expect(familyOf(c)).toBeNull();
  });

  it('has 29 keys in ሀ-row order, each the first-order fidel of its family', () => {
    expect(AMHARIC_KEYS.join('')).toBe('ሀለመረሰሸቀበቨተቸነኘአከኸወዘዠየደጀገጠጨጰጸፈፐ');
    for (const key of AMHARIC_KEYS) expect(familyOf(key)).toBe(key);
  });

  it('puts every order of a family, the -wa form included, under its key', () => {
    expect([...'ለሉሊላሌልሎሏ'].map(familyOf)).toEqual(Array(8).fill('ለ'));
    expect([...'አኡኢኣኤእኦኧ'].map(familyOf)).toEqual(Array(8).fill('አ'));
  });

  it('merges the homophone families under their first member', () => {
    expect([...'ሀሁሐሑሗኀኅ'].map(familyOf)).toEqual(Array(7).fill('ሀ'));
    expect([...'ሰስሠሥሧ'].map(familyOf)).toEqual(Array(5).fill('ሰ'));
    expect([...'አእዐዕዓ'].map(familyOf)).toEqual(Array(5).fill('አ'));
    expect([...'ጸጽፀፅፆ'].map(familyOf)).toEqual(Array(5).fill('ጸ'));
  });

  it('folds the labialised series into their plain consonant', () => {
    expect([...'ቈቊቋቌቍ'].map(familyOf)).toEqual(Array(5).fill('ቀ'));
    expect([...'ኰኲኳኴኵ'].map(familyOf)).toEqual(Array(5).fill('ከ'));
    expect([...'ጐጒጓጔጕ'].map(familyOf)).toEqual(Array(5).fill('ገ'));
    expect([...'ኈኊኋኌኍ'].map(familyOf)).toEqual(Array(5).fill('ሀ'));
  });

  it('lists the members of a key, and none for a character that is not a key', () => {
    expect(familyMembers('ሰ').join('')).toBe('ሠሡሢሣሤሥሦሧሰሱሲሳሴስሶሷ');
    expect(familyMembers('ቀ').join('')).toBe('ቀቁቂቃቄቅቆቈቊቋቌቍ');
    expect(familyMembers('ሐ')).toEqual([]);
    expect(AMHARIC_KEYS.flatMap(familyMembers)).toHaveLength(282);
  });

  it('names the sound-alike letters a key stands for too, without the labialised rows', () => {
    const withSoundAlikes = Object.fromEntries(
      AMHARIC_KEYS.filter((key) => soundAlikesOf(key).length > 0).map((key) => [key, soundAlikesOf(key)]),
    );
    expect(withSoundAlikes).toEqual({ ሀ: ['ሐ', 'ኀ'], ሰ: ['ሠ'], አ: ['ዐ'], ጸ: ['ፀ'] });
  });

  it('covers every character of the Amharic word bank except the space between two words', () => {
    const unmapped = Object.values(AMHARIC_WORDS)
      .flat()
      .flatMap((word) => [...word].filter((c) => c !== ' ' && familyOf(c) === null));
    expect(unmapped).toEqual([]);
  });
});

describe('foldHomophones', () => {
  it('writes each homophone row as the same order of its key’s row (ሐ ኀ → ሀ, ሠ → ሰ, ዐ → አ, ፀ → ጸ)', () => {
    expect(foldHomophones('ሐሑሒሔሕሖ')).toBe('ሀሁሂሄህሆ');
    expect(foldHomophones('ኀኁኂኄኅኆ')).toBe('ሀሁሂሄህሆ');
    expect(foldHomophones('ሠሡሢሣሤሥሦሧ')).toBe('ሰሱሲሳሴስሶሷ');
    expect(foldHomophones('ዐዑዒዔዕዖ')).toBe('አኡኢኤእኦ');
    expect(foldHomophones('ፀፁፂፃፄፅፆ')).toBe('ጸጹጺጻጼጽጾ');
  });

  it('folds the fourth order of the guttural rows into the first, which sounds the same (ሃ ሓ ኃ → ሀ, ኣ ዓ → አ)', () => {
    expect(foldHomophones('ሃሓኃ ኣዓ')).toBe('ሀሀሀ አአ');
  });

  it('keeps every other letter, the labialised rows and anything not a fidel', () => {
    expect(foldHomophones('ለሉ ቈ ኰ ጐ ኈ ሸ ሰ ab 1')).toBe('ለሉ ቈ ኰ ጐ ኈ ሸ ሰ ab 1');
    for (const fidel of AMHARIC_FIDEL) expect(familyOf(foldHomophones(fidel)), fidel).toBe(familyOf(fidel));
  });
});
