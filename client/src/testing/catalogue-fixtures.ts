/**
 * The catalogue as GET /api/v1/games answers it (its titles and labels are the engine's), for the tests of pages that
 * name games and categories: the eight games in catalogue order, Crazy the only one played in rooms alone.
 */
const game = (slug: string, category: string, en: string, am: string, multiplayer = false) => ({
  slug,
  category,
  title: { en, am },
  multiplayer,
});

export const aCatalogue = () => ({
  games: [
    game('hangman', 'word', 'Hangman', 'ሃንግማን'),
    game('crazy', 'card', 'Crazy', 'ክሪዚ', true),
    game('codebreaker', 'code_breaker', 'Codebreaker', 'ኮድ ሰባሪ'),
    game('mines', 'mines', 'Mines', 'ፈንጂ'),
    game('sum-chaser', 'prediction', 'Sum Chaser', 'ድምር አሳዳጅ'),
    game('geo-sprint', 'trivia', 'Geo Sprint', 'የጂኦግራፊ ሩጫ'),
    game('math-sprint', 'math', 'Math Sprint', 'የሒሳብ ሩጫ'),
    game('rapid-recall', 'memory', 'Rapid Recall', 'ፈጣን ትውስታ'),
  ],
  categories: [
    { id: 'word', label: { en: 'Word', am: 'ቃላት' } },
    { id: 'card', label: { en: 'Card', am: 'ካርታ' } },
    { id: 'code_breaker', label: { en: 'Code breaker', am: 'ኮድ መፍታት' } },
    { id: 'mines', label: { en: 'Mines', am: 'ፈንጂ' } },
    { id: 'prediction', label: { en: 'Prediction', am: 'ትንበያ' } },
    { id: 'trivia', label: { en: 'Trivia', am: 'ጥያቄና መልስ' } },
    { id: 'math', label: { en: 'Math', am: 'ሒሳብ' } },
    { id: 'memory', label: { en: 'Memory', am: 'ማስታወስ' } },
  ],
});
