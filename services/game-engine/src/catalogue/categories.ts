/**
 * The game categories the home page filters by: the 8 categories of the catalogue (one per game, see
 * docs/product-rules.md, "The catalogue"), so every listed game belongs to one of them.
 */
import type { LocalizedText } from './localized.ts';

export const GAME_CATEGORIES = ['word', 'card', 'code_breaker', 'mines', 'prediction', 'trivia', 'math', 'memory'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export const GAME_CATEGORY_LABELS: Readonly<Record<GameCategory, LocalizedText>> = {
  word: { en: 'Word', am: 'ቃላት' },
  card: { en: 'Card', am: 'ካርታ' },
  code_breaker: { en: 'Code breaker', am: 'ኮድ መፍታት' },
  mines: { en: 'Mines', am: 'ፈንጂ' },
  prediction: { en: 'Prediction', am: 'ትንበያ' },
  trivia: { en: 'Trivia', am: 'ጥያቄና መልስ' },
  math: { en: 'Math', am: 'ሒሳብ' },
  memory: { en: 'Memory', am: 'ማስታወስ' },
};

/** The home page's category filters, in display order, with their labels. */
export const HOME_CATEGORIES: readonly { readonly id: GameCategory; readonly label: LocalizedText }[] = GAME_CATEGORIES.map((id) => ({
  id,
  label: GAME_CATEGORY_LABELS[id],
}));
