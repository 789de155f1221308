/**
 * Each game's title, description and instructions in English and Amharic. Instructions are generated from the
 * rule table and config.ts (each game's own from its folder's texts.ts), so the numbers a player reads are the numbers
 * the engine enforces. The sentences every game shares are in sentences.ts.
 */
import { HANGMAN_HINT_COST_POINTS, HANGMAN_HINTS, HANGMAN_LIVES, HANGMAN_TIME_LIMIT_SECONDS } from '../config.ts';
import { codebreakerTexts as codebreaker } from '../games/codebreaker/texts.ts';
import { geoSprintTexts as geoSprint } from '../games/geo-sprint/texts.ts';
import { mathSprintTexts as mathSprint } from '../games/math-sprint/texts.ts';
import { minesTexts as mines } from '../games/mines/texts.ts';
import { rapidRecallTexts as rapidRecall } from '../games/rapid-recall/texts.ts';
import { sumChaserTexts as sumChaser } from '../games/sum-chaser/texts.ts';
import { instructions as crazyInstructions } from '../games/crazy/messages.en-am.ts';
import type { GameRules, GameSlug } from './games.ts';
import type { LocalizedText } from './localized.ts';

export interface GameTexts {
  readonly title: LocalizedText;
  readonly description: LocalizedText;
  readonly instructions: LocalizedText;
}

import { joined, priceSentence, rewardSentence } from './sentences.ts';

export type TextsOf = (rules: GameRules) => GameTexts;

const hangman: TextsOf = (rules) => ({
  title: { en: 'Hangman', am: 'ሃንግማን' },
  description: {
    en: 'Guess the hidden word letter by letter, in English or Amharic.',
    am: 'የተደበቀውን ቃል በእንግሊዝኛ ወይም በአማርኛ ፊደል በፊደል ይገምቱ።',
  },
  instructions: joined(
    {
      en:
        'Pick a language, a category and a difficulty, then guess the hidden word one letter at a time. A right ' +
        'guess shows every place the letter appears. In Amharic each key stands for a whole consonant family ' +
        '(ለ ሉ ሊ ላ ሌ ል ሎ ሏ) and shows each of its fidel as written in the word. Letters that sound the same ' +
        '(ሀ ሐ ኀ, ሰ ሠ, አ ዐ, ጸ ፀ) share one key and show small beside its letter. On a computer you can also ' +
        'type the Latin letter of each sound (h ሀ, s ሰ, x ሸ, T ጠ, C ጨ) or the fidel itself; the full table is ' +
        'under the keyboard.',
      am:
        'ቋንቋ፣ ምድብ እና የክብደት ደረጃ ይምረጡ፤ ከዚያም የተደበቀውን ቃል ፊደል በፊደል ይገምቱ። ትክክለኛ ግምት ፊደሉ ' +
        'የሚገኝበትን ቦታ ሁሉ ያሳያል። በአማርኛ እያንዳንዱ ቁልፍ አንድን የፊደል ቤተሰብ (ለ ሉ ሊ ላ ሌ ል ሎ ሏ) ይወክላል፤ ' +
        'የቤተሰቡ ፊደላትም በቃሉ ውስጥ እንደተጻፉ ይታያሉ። ድምፃቸው አንድ የሆኑ ፊደላት (ሀ ሐ ኀ፣ ሰ ሠ፣ አ ዐ፣ ጸ ፀ) ' +
        'አንድ ቁልፍ ይጋራሉ፤ በቁልፉ ላይም ከዋናው ፊደል አጠገብ በትንሹ ይታያሉ። በኮምፒውተር ቁልፍ ሰሌዳም የእያንዳንዱን ' +
        'ድምፅ የላቲን ፊደል (h ለሀ፣ s ለሰ፣ x ለሸ፣ T ለጠ፣ C ለጨ) ወይም ፊደሉን ራሱ መጻፍ ይችላሉ፤ ሙሉው ሰንጠረዥ ' +
        'ከቁልፎቹ ስር ይገኛል።',
    },
    {
      en:
        `After ${HANGMAN_LIVES} wrong guesses you lose, and you have ${HANGMAN_TIME_LIMIT_SECONDS} seconds. ` +
        `You have ${HANGMAN_HINTS} hints; each shows one letter and costs ${HANGMAN_HINT_COST_POINTS} points. ` +
        'The last letter is always yours to find.',
      am:
        `${HANGMAN_LIVES} ጊዜ ከተሳሳቱ ይሸነፋሉ፤ ለመጨረስ ${HANGMAN_TIME_LIMIT_SECONDS} ሰከንድ አለዎት። ` +
        `${HANGMAN_HINTS} ፍንጮች አሉዎት፤ እያንዳንዱ ፍንጭ አንድ ፊደል ያሳያል፣ ${HANGMAN_HINT_COST_POINTS} ነጥብም ያስቀንሳል። ` +
        'የመጨረሻውን ፊደል ግን ሁልጊዜ እርስዎ ይገምታሉ።',
    },
    priceSentence(rules),
    rewardSentence,
  ),
});

/** Crazy's rules come from its own rule table (games/crazy: numbers from its rules.ts), then the price. */
const crazy: TextsOf = (rules) => ({
  title: { en: 'Crazy', am: 'ክሪዚ' },
  description: {
    en: 'The Ethiopian card game, played in rooms with friends.',
    am: 'ከጓደኞች ጋር በክፍል ውስጥ የሚጫወቱት የኢትዮጵያ የካርታ ጨዋታ።',
  },
  instructions: joined({ en: crazyInstructions('en'), am: crazyInstructions('am') }, priceSentence(rules)),
});

export const GAME_TEXTS: Readonly<Record<GameSlug, TextsOf>> = {
  hangman,
  crazy,
  codebreaker,
  mines,
  'sum-chaser': sumChaser,
  'geo-sprint': geoSprint,
  'math-sprint': mathSprint,
  'rapid-recall': rapidRecall,
};
