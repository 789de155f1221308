import { randomInt } from 'node:crypto';
import type { Lang } from '../http/rejections.ts';

/**
 * Generated display names for players who gave none, in the language they signed in with: in English
 * Adjective + Noun + number ("SwiftLion42"), in Amharic adjective, noun and number as words ("ብልህ ዋሊያ 42").
 */
export const NAME_ADJECTIVES = [
  'Swift',
  'Brave',
  'Clever',
  'Bright',
  'Lucky',
  'Mighty',
  'Quiet',
  'Happy',
  'Bold',
  'Calm',
  'Eager',
  'Gentle',
  'Golden',
  'Jolly',
  'Kind',
  'Noble',
  'Proud',
  'Quick',
  'Sharp',
  'Sunny',
  'Wise',
  'Witty',
  'Zesty',
  'Keen',
] as const;

export const NAME_NOUNS = [
  'Lion',
  'Eagle',
  'Falcon',
  'Gazelle',
  'Cheetah',
  'Leopard',
  'Zebra',
  'Giraffe',
  'Hyena',
  'Ibex',
  'Crane',
  'Baobab',
  'River',
  'Mountain',
  'Coffee',
  'Star',
  'Comet',
  'Tiger',
  'Panther',
  'Oryx',
  'Heron',
  'Hawk',
  'Otter',
  'Fox',
] as const;

/**
 * Amharic adjectives that read well before any of the nouns below (they do not change with gender), each a
 * quality a player would be glad to be called.
 */
export const AMHARIC_NAME_ADJECTIVES = [
  'ፈጣን',
  'ጎበዝ',
  'ብልህ',
  'ደፋር',
  'ብሩህ',
  'ዕድለኛ',
  'ኃያል',
  'ደስተኛ',
  'ትጉህ',
  'ገራም',
  'ወርቃማ',
  'ቸር',
  'ክቡር',
  'ኩሩ',
  'ቀልጣፋ',
  'ጠቢብ',
  'ብርቱ',
  'ቆራጥ',
  'ንቁ',
  'ትሑት',
] as const;

/** Ethiopian animals, birds and landmarks, one word each. */
export const AMHARIC_NAME_NOUNS = [
  'አንበሳ',
  'ንስር',
  'ጭልፊት',
  'ሚዳቋ',
  'አቦሸማኔ',
  'ነብር',
  'ቀጭኔ',
  'ዋሊያ',
  'ኒያላ',
  'ጉሬዛ',
  'ሽመላ',
  'ጅግራ',
  'ሰጎን',
  'ዝሆን',
  'ፈረስ',
  'ርግብ',
  'ዋርካ',
  'ወንዝ',
  'ተራራ',
  'ኮከብ',
] as const;

/** How many numbers a generated name may end with (0 to 99): enough that two players seldom share a name. */
const NAME_NUMBERS = 100;

export type RandomInt = (maxExclusive: number) => number;

const pick = <T>(list: readonly T[], random: RandomInt): T => list[random(list.length)]!;

export function generateDisplayName(random: RandomInt = (max) => randomInt(0, max), language: Lang = 'en'): string {
  if (language === 'am') return `${pick(AMHARIC_NAME_ADJECTIVES, random)} ${pick(AMHARIC_NAME_NOUNS, random)} ${random(NAME_NUMBERS)}`;
  return `${pick(NAME_ADJECTIVES, random)}${pick(NAME_NOUNS, random)}${random(NAME_NUMBERS)}`;
}

/**
 * The name a new player gets: the one they sent if it has any text, else a generated one in the language they
 * signed in with.
 */
export function chooseDisplayName(requested: string | undefined | null, language: Lang = 'en', random?: RandomInt): string {
  const trimmed = requested?.trim() ?? '';
  return trimmed.length > 0 ? trimmed : generateDisplayName(random, language);
}
