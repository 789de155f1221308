/** The Hangman word categories, shared by both languages, with their labels in both. */
import type { LocalizedText } from '../../../catalogue/localized.ts';

export const WORD_CATEGORIES = [
  'animals',
  'food',
  'places',
  'nature',
  'sports',
  'body',
  'home',
  'professions',
  'clothing',
  'transport',
  'family',
  'school',
] as const;
export type WordCategory = (typeof WORD_CATEGORIES)[number];

export const isWordCategory = (value: string): value is WordCategory => (WORD_CATEGORIES as readonly string[]).includes(value);

export const WORD_CATEGORY_LABELS: Readonly<Record<WordCategory, LocalizedText>> = {
  animals: { en: 'Animals', am: 'እንስሳት' },
  food: { en: 'Food and drink', am: 'ምግብና መጠጥ' },
  places: { en: 'Places', am: 'ቦታዎች' },
  nature: { en: 'Nature', am: 'ተፈጥሮ' },
  sports: { en: 'Sports', am: 'ስፖርት' },
  body: { en: 'The body', am: 'የሰውነት ክፍሎች' },
  home: { en: 'Home', am: 'ቤትና የቤት ዕቃዎች' },
  professions: { en: 'Professions', am: 'ሙያዎች' },
  clothing: { en: 'Clothing', am: 'አልባሳት' },
  transport: { en: 'Transport', am: 'መጓጓዣ' },
  family: { en: 'Family and people', am: 'ቤተሰብና ሰዎች' },
  school: { en: 'School', am: 'ትምህርት ቤት' },
};

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const isDifficulty = (value: string): value is Difficulty => (DIFFICULTIES as readonly string[]).includes(value);

export const DIFFICULTY_LABELS: Readonly<Record<Difficulty, LocalizedText>> = {
  easy: { en: 'Easy', am: 'ቀላል' },
  medium: { en: 'Medium', am: 'መካከለኛ' },
  hard: { en: 'Hard', am: 'ከባድ' },
};
