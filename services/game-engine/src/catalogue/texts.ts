/**
 * Each game's title, description and instructions in English and Amharic. Instructions are generated from the
 * rule table and config.ts, so the numbers a player reads are the numbers the engine enforces.
 */
import {
  CODEBREAKER_ATTEMPTS_MAX,
  CODEBREAKER_CODE_DIGITS,
  GEO_SPRINT_QUESTIONS,
  GEO_SPRINT_SECONDS_PER_QUESTION,
  HANGMAN_HINT_COST_POINTS,
  HANGMAN_HINTS,
  HANGMAN_LIVES,
  HANGMAN_TIME_LIMIT_SECONDS,
  MATH_SPRINT_TIME_LIMIT_SECONDS,
  MINES_BOMBS,
  MINES_GRID_SIDE,
  RAPID_RECALL_LIVES,
  RAPID_RECALL_SEQUENCE_MAX,
  RAPID_RECALL_SEQUENCE_START,
  REWARD_TOKENS_MAX,
  SUM_CHASER_DIGITS,
  SUM_CHASER_THRESHOLD,
  XP_MAX,
} from '../config.ts';
import { instructions as crazyInstructions } from '../games/crazy/messages.en-am.ts';
import type { GameRules, GameSlug } from './games.ts';
import type { LocalizedText } from './localized.ts';

export interface GameTexts {
  readonly title: LocalizedText;
  readonly description: LocalizedText;
  readonly instructions: LocalizedText;
}

/** The sentence every game's instructions end with: what it costs and how often it may be played. */
export function priceSentence(rules: GameRules): LocalizedText {
  if (rules.multiplayer) {
    const { min, max } = rules.players;
    return {
      en: `${min} to ${max} players; the entry fee starts at ${rules.costTokens} tokens.`,
      am: `ከ${min} እስከ ${max} ተጫዋቾች ይጫወታሉ፤ የመግቢያ ክፍያው ከ${rules.costTokens} ቶከን ይጀምራል።`,
    };
  }
  const limit = rules.dailyPlayLimit;
  return {
    en: `A game costs ${rules.costTokens} tokens${limit === null ? '' : `; you can play up to ${limit} times a day`}.`,
    am: `አንድ ጨዋታ ${rules.costTokens} ቶከን ያስከፍላል${limit === null ? '' : `፤ በቀን እስከ ${limit} ጊዜ መጫወት ይችላሉ`}።`,
  };
}

export const rewardSentence: LocalizedText = {
  en: `A win pays up to ${REWARD_TOKENS_MAX} tokens and ${XP_MAX} XP.`,
  am: `ካሸነፉ እስከ ${REWARD_TOKENS_MAX} ቶከን እና እስከ ${XP_MAX} XP ያገኛሉ።`,
};

export const joined = (...parts: LocalizedText[]): LocalizedText => ({
  en: parts.map((p) => p.en).join(' '),
  am: parts.map((p) => p.am).join(' '),
});

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
        '(ለ ሉ ሊ ላ ሌ ል ሎ ሏ) and shows each of its fidel as written in the word.',
      am:
        'ቋንቋ፣ ምድብ እና የክብደት ደረጃ ይምረጡ፤ ከዚያም የተደበቀውን ቃል ፊደል በፊደል ይገምቱ። ትክክለኛ ግምት ፊደሉ ' +
        'የሚገኝበትን ቦታ ሁሉ ያሳያል። በአማርኛ እያንዳንዱ ቁልፍ አንድን የፊደል ቤተሰብ (ለ ሉ ሊ ላ ሌ ል ሎ ሏ) ይወክላል፤ ' +
        'የቤተሰቡ ፊደላትም በቃሉ ውስጥ እንደተጻፉ ይታያሉ።',
    },
    {
      en:
        `After ${HANGMAN_LIVES} wrong guesses you lose, and you have ${HANGMAN_TIME_LIMIT_SECONDS} seconds. ` +
        `You have ${HANGMAN_HINTS} hints; each shows one letter and costs ${HANGMAN_HINT_COST_POINTS} points.`,
      am:
        `${HANGMAN_LIVES} ጊዜ ከተሳሳቱ ይሸነፋሉ፤ ለመጨረስ ${HANGMAN_TIME_LIMIT_SECONDS} ሰከንድ አለዎት። ` +
        `${HANGMAN_HINTS} ፍንጮች አሉዎት፤ እያንዳንዱ ፍንጭ አንድ ፊደል ያሳያል፣ ${HANGMAN_HINT_COST_POINTS} ነጥብም ያስቀንሳል።`,
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

const codebreaker: TextsOf = (rules) => ({
  title: { en: 'Codebreaker', am: 'ኮድ ሰባሪ' },
  description: { en: 'Crack the secret code by logic.', am: 'ሚስጥራዊውን ኮድ በማመዛዘን ይፍቱ።' },
  instructions: joined(
    {
      en:
        `Crack the secret ${CODEBREAKER_CODE_DIGITS}-digit code in at most ${CODEBREAKER_ATTEMPTS_MAX} attempts. ` +
        'After each guess you see how many digits are right and in the right place, and how many are right but ' +
        'in the wrong place.',
      am:
        `ሚስጥራዊውን ባለ ${CODEBREAKER_CODE_DIGITS} አሃዝ ኮድ ቢበዛ በ${CODEBREAKER_ATTEMPTS_MAX} ሙከራዎች ይፍቱ። ` +
        'ከእያንዳንዱ ግምት በኋላ ስንት አሃዞች ትክክልና በትክክለኛ ቦታቸው እንዳሉ፣ ስንቶቹ ደግሞ ትክክል ሆነው ቦታቸው ' +
        'የተሳሳተ እንደሆነ ያያሉ።',
    },
    priceSentence(rules),
    rewardSentence,
  ),
});

const mines: TextsOf = (rules) => ({
  title: { en: 'Mines', am: 'ፈንጂ' },
  description: { en: 'Find the safe tiles and stop before a bomb.', am: 'ደህና ሳጥኖችን ያግኙ፤ ፈንጂ ሳይነኩ ያቁሙ።' },
  instructions: joined(
    {
      en:
        `Open tiles on a ${MINES_GRID_SIDE}×${MINES_GRID_SIDE} grid that hides ${MINES_BOMBS} bombs. Every safe ` +
        'tile raises your multiplier; cash out whenever you like, but a bomb loses the round. The bomb positions ' +
        'are sealed (hashed) at the start and revealed at the end, so you can check them.',
      am:
        `${MINES_BOMBS} ፈንጂዎች በተደበቁበት ${MINES_GRID_SIDE}×${MINES_GRID_SIDE} ሰሌዳ ላይ ሳጥኖችን ይክፈቱ። ` +
        'እያንዳንዱ ደህና ሳጥን ማባዣዎን ይጨምራል፤ በፈለጉት ጊዜ ያገኙትን ወስደው ማቆም ይችላሉ፣ ፈንጂ ከነኩ ግን ዙሩን ያጣሉ። ' +
        'የፈንጂዎቹ ቦታ በመጀመሪያ ታሽጎ (በሃሽ) ይሰጣል፤ በመጨረሻም ይገለጣል፣ እርስዎም ማረጋገጥ ይችላሉ።',
    },
    priceSentence(rules),
  ),
});

const sumChaser: TextsOf = (rules) => ({
  title: { en: 'Sum Chaser', am: 'ድምር አሳዳጅ' },
  description: {
    en: 'Predict whether the sum lands over or under the line.',
    am: 'ድምሩ ከገደቡ በላይ ወይስ በታች እንደሚሆን ይገምቱ።',
  },
  instructions: joined(
    {
      en:
        `${SUM_CHASER_DIGITS} digits from 0 to 9 are revealed one by one. Before each, predict whether the sum ` +
        `will end over or under ${SUM_CHASER_THRESHOLD}. Every right prediction raises your multiplier; cash out ` +
        'at any time.',
      am:
        `ከ0 እስከ 9 ያሉ ${SUM_CHASER_DIGITS} አሃዞች አንድ በአንድ ይገለጣሉ። ከእያንዳንዱ በፊት ድምሩ ከ${SUM_CHASER_THRESHOLD} ` +
        'በላይ ወይም በታች እንደሚሆን ይገምቱ። ትክክለኛ ግምት ሁሉ ማባዣዎን ይጨምራል፤ በፈለጉት ጊዜ ያገኙትን ወስደው ማቆም ይችላሉ።',
    },
    priceSentence(rules),
  ),
});

const geoSprint: TextsOf = (rules) => ({
  title: { en: 'Geo Sprint', am: 'የጂኦግራፊ ሩጫ' },
  description: { en: 'A race through geography questions.', am: 'በጂኦግራፊ ጥያቄዎች የሚደረግ የፍጥነት ውድድር።' },
  instructions: joined(
    {
      en:
        `Answer ${GEO_SPRINT_QUESTIONS} questions about Ethiopia, Africa and the world, with ` +
        `${GEO_SPRINT_SECONDS_PER_QUESTION} seconds for each. Quick answers and streaks of right answers earn ` +
        'bonus points.',
      am:
        `ስለ ኢትዮጵያ፣ ስለ አፍሪካ እና ስለ ዓለም ${GEO_SPRINT_QUESTIONS} ጥያቄዎችን ይመልሱ፤ ለእያንዳንዱ ` +
        `${GEO_SPRINT_SECONDS_PER_QUESTION} ሰከንድ አለዎት። ፈጣን መልሶችና ተከታታይ ትክክለኛ መልሶች ተጨማሪ ነጥብ ያስገኛሉ።`,
    },
    priceSentence(rules),
    rewardSentence,
  ),
});

const mathSprint: TextsOf = (rules) => ({
  title: { en: 'Math Sprint', am: 'የሒሳብ ሩጫ' },
  description: { en: 'Quick arithmetic against the clock.', am: 'ከሰዓት ጋር የሚደረግ ፈጣን ሒሳብ።' },
  instructions: joined(
    {
      en:
        `Solve as many arithmetic problems as you can in ${MATH_SPRINT_TIME_LIMIT_SECONDS} seconds. Streaks of ` +
        'right answers earn bonus points; a wrong answer breaks the streak.',
      am:
        `በ${MATH_SPRINT_TIME_LIMIT_SECONDS} ሰከንድ ውስጥ የቻሉትን ያህል የሒሳብ ጥያቄዎች ይፍቱ። ተከታታይ ትክክለኛ መልሶች ` +
        'ተጨማሪ ነጥብ ያስገኛሉ፤ የተሳሳተ መልስ ተከታታይነቱን ያቋርጣል።',
    },
    priceSentence(rules),
    rewardSentence,
  ),
});

const rapidRecall: TextsOf = (rules) => ({
  title: { en: 'Rapid Recall', am: 'ፈጣን ትውስታ' },
  description: { en: 'Remember ever longer sequences.', am: 'እየረዘሙ የሚሄዱ ቅደም ተከተሎችን ያስታውሱ።' },
  instructions: joined(
    {
      en:
        `Memorise the sequence you are shown and repeat it exactly. It starts with ${RAPID_RECALL_SEQUENCE_START} ` +
        `items and grows by one each round, up to ${RAPID_RECALL_SEQUENCE_MAX}. You have ${RAPID_RECALL_LIVES} lives.`,
      am:
        `የሚታየውን ቅደም ተከተል አስታውሰው በትክክል ይድገሙት። በ${RAPID_RECALL_SEQUENCE_START} ነገሮች ይጀምራል፣ በየዙሩ ` +
        `አንድ እየጨመረ እስከ ${RAPID_RECALL_SEQUENCE_MAX} ይደርሳል። ${RAPID_RECALL_LIVES} ዕድሎች አሉዎት።`,
    },
    priceSentence(rules),
    rewardSentence,
  ),
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
