import { randomInt } from 'node:crypto';

/** Generated display names, Adjective + Noun + number (e.g. "SwiftLion42"), for players who gave none. */
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

export type RandomInt = (maxExclusive: number) => number;

export function generateDisplayName(random: RandomInt = (max) => randomInt(0, max)): string {
  const adjective = NAME_ADJECTIVES[random(NAME_ADJECTIVES.length)]!;
  const noun = NAME_NOUNS[random(NAME_NOUNS.length)]!;
  return `${adjective}${noun}${random(100)}`;
}

/** The name a new player gets: the one they sent if it has any text, else a generated one. */
export function chooseDisplayName(requested: string | undefined | null, random?: RandomInt): string {
  const trimmed = requested?.trim() ?? '';
  return trimmed.length > 0 ? trimmed : generateDisplayName(random);
}
