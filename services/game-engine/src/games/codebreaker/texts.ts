/**
 * Codebreaker's title, description and instructions in English and Amharic, generated from rules.ts so a player
 * reads the numbers the engine enforces. The catalogue wires `codebreakerTexts` in (catalogue/texts.ts).
 */
import type { LocalizedText } from '../../catalogue/localized.ts';
import { joined, priceSentence, rewardSentence } from '../../catalogue/sentences.ts';
import type { TextsOf } from '../../catalogue/texts.ts';
import {
  CODEBREAKER_HINTS,
  CODEBREAKER_LEVEL_RULES,
  CODEBREAKER_SCORE,
  CODEBREAKER_TIME_LIMIT_SECONDS,
  type CodebreakerLevel,
} from './rules.ts';

const LEVEL_NAMES: Readonly<Record<CodebreakerLevel, LocalizedText>> = {
  easy: { en: 'Easy', am: 'ቀላል' },
  medium: { en: 'Medium', am: 'መካከለኛ' },
  hard: { en: 'Hard', am: 'ከባድ' },
};

const levelLine = (level: CodebreakerLevel): LocalizedText => {
  const { codeLength, attemptsMax, repeatsAllowed } = CODEBREAKER_LEVEL_RULES[level];
  const name = LEVEL_NAMES[level];
  return repeatsAllowed
    ? {
        en: `${name.en}: ${codeLength} digits that may repeat, ${attemptsMax} attempts.`,
        am: `${name.am}፦ ሊደጋገሙ የሚችሉ ${codeLength} አሃዞች፣ ${attemptsMax} ሙከራዎች።`,
      }
    : {
        en: `${name.en}: ${codeLength} different digits, ${attemptsMax} attempts.`,
        am: `${name.am}፦ ${codeLength} የተለያዩ አሃዞች፣ ${attemptsMax} ሙከራዎች።`,
      };
};

const { easy, hard } = CODEBREAKER_LEVEL_RULES;

export const codebreakerTexts: TextsOf = (rules) => ({
  title: { en: 'Codebreaker', am: 'ኮድ ሰባሪ' },
  description: { en: 'Crack the secret code by logic.', am: 'ሚስጥራዊውን ኮድ በማመዛዘን ይፍቱ።' },
  instructions: joined(
    {
      en: 'Crack the secret code of digits 0 to 9, at one of three levels.',
      am: 'ከ0 እስከ 9 ባሉ አሃዞች የተሰራውን ሚስጥራዊ ኮድ ከሦስቱ ደረጃዎች በአንዱ ይፍቱ።',
    },
    levelLine('easy'),
    levelLine('medium'),
    levelLine('hard'),
    {
      en:
        'After each guess you see how many digits are right and in the right place, and how many are right but ' +
        'in the wrong place. Your guesses may repeat digits.',
      am: 'ከእያንዳንዱ ግምት በኋላ ስንት አሃዞች ትክክልና በትክክለኛ ቦታቸው እንዳሉ፣ ስንቶቹ ደግሞ ትክክል ሆነው ቦታቸው ' + 'የተሳሳተ እንደሆነ ያያሉ። በግምትዎ ውስጥ አንድን አሃዝ መደጋገም ይችላሉ።',
    },
    {
      en:
        `You have ${CODEBREAKER_TIME_LIMIT_SECONDS} seconds and ${CODEBREAKER_HINTS} hints: the first names a digit ` +
        `in the code, the second the digit at one position; each costs ${CODEBREAKER_SCORE.hintCostPoints} points.`,
      am:
        `${CODEBREAKER_TIME_LIMIT_SECONDS} ሰከንድ እና ${CODEBREAKER_HINTS} ፍንጮች አሉዎት፤ የመጀመሪያው ፍንጭ በኮዱ ` +
        'ውስጥ ያለን አንድ አሃዝ፣ ሁለተኛው ደግሞ በአንድ ቦታ ላይ ያለውን አሃዝ ይነግርዎታል፤ እያንዳንዱ ፍንጭ ' +
        `${CODEBREAKER_SCORE.hintCostPoints} ነጥብ ያስቀንሳል።`,
    },
    {
      en:
        'A solve in fewer attempts and less time scores more; the points count ' +
        `${hard.scorePercent}% on ${LEVEL_NAMES.hard.en} and ${easy.scorePercent}% on ${LEVEL_NAMES.easy.en}.`,
      am:
        `በጥቂት ሙከራዎችና በፍጥነት ከፈቱ ብዙ ነጥብ ያገኛሉ፤ ነጥቡ በ${LEVEL_NAMES.hard.am} ደረጃ ${hard.scorePercent}%፣ ` +
        `በ${LEVEL_NAMES.easy.am} ደረጃ ደግሞ ${easy.scorePercent}% ይቆጠራል።`,
    },
    priceSentence(rules),
    rewardSentence,
  ),
});
