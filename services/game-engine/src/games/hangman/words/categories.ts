/** The Hangman word categories, shared by both languages, with their labels in both. */
import { DIFFICULTIES, WORD_CATEGORIES, type Difficulty, type WordCategory } from '@qal/events';
import type { LocalizedText } from '../../../catalogue/localized.ts';

/** The categories and difficulties are the client contract's (@qal/events contracts/hangman.ts). */
export { DIFFICULTIES, WORD_CATEGORIES, type Difficulty, type WordCategory };

export const isWordCategory = (value: string): value is WordCategory => (WORD_CATEGORIES as readonly string[]).includes(value);

export const WORD_CATEGORY_LABELS: Readonly<Record<WordCategory, LocalizedText>> = {
  animals: { en: 'Animals', am: 'እንስሳት' },
  food: { en: 'Food and drink', am: 'ምግብና መጠጥ' },
  places: { en: 'Places', am: 'ቦታዎች' },
  nature: { en: 'Nature', am: 'ተፈጥሮ' },
  sports: { en: 'Sports', am: 'ስፖርት' },
  body: { en: 'The body', am: 'ሰውነት' },
  home: { en: 'Home', am: 'ቤትና የቤት ዕቃዎች' },
  professions: { en: 'Professions', am: 'ሙያዎች' },
  clothing: { en: 'Clothing', am: 'አልባሳት' },
  transport: { en: 'Transport', am: 'መጓጓዣ' },
  family: { en: 'Family and people', am: 'ቤተሰብና ሰዎች' },
  school: { en: 'School', am: 'ትምህርት ቤት' },
};

export const isDifficulty = (value: string): value is Difficulty => (DIFFICULTIES as readonly string[]).includes(value);

export const DIFFICULTY_LABELS: Readonly<Record<Difficulty, LocalizedText>> = {
  easy: { en: 'Easy', am: 'ቀላል' },
  medium: { en: 'Medium', am: 'መካከለኛ' },
  hard: { en: 'Hard', am: 'ከባድ' },
};
