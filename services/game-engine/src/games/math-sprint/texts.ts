/** Math Sprint's title, description and instructions in English and Amharic, generated from its rules. */
import { joined, priceSentence, rewardSentence } from '../../catalogue/sentences.ts';
import type { TextsOf } from '../../catalogue/texts.ts';
import { MATH_SPRINT_POINTS, MATH_SPRINT_TIME_LIMIT_SECONDS, MATH_SPRINT_WIN_SCORE } from './rules.ts';

export const mathSprintTexts: TextsOf = (rules) => {
  const { right, streakStep, streakMax, speed, speedWithinMs } = MATH_SPRINT_POINTS;
  const speedSeconds = speedWithinMs / 1000;
  return {
    title: { en: 'Math Sprint', am: 'የሒሳብ ሩጫ' },
    description: { en: 'Quick arithmetic against the clock.', am: 'ከሰዓት ጋር የሚደረግ ፈጣን ሒሳብ።' },
    instructions: joined(
      {
        en:
          `Solve as many problems as you can in ${MATH_SPRINT_TIME_LIMIT_SECONDS} seconds, one at a time: addition, ` +
          'subtraction, multiplication and exact division. Choose a level: easy, medium or hard. A right answer scores ' +
          `${right.easy}, ${right.medium} or ${right.hard} points by level, plus ${streakStep} for each right answer in a ` +
          `row before it (up to ${streakMax}), and ${speed} more when you answer within ${speedSeconds} seconds. A wrong ` +
          `answer scores nothing and breaks the streak. Score at least ${MATH_SPRINT_WIN_SCORE} points to win.`,
        am:
          `በ${MATH_SPRINT_TIME_LIMIT_SECONDS} ሰከንድ ውስጥ የቻሉትን ያህል ጥያቄዎች አንድ በአንድ ይፍቱ፦ መደመር፣ መቀነስ፣ ` +
          'ማባዛት እና ያለ ቀሪ ማካፈል። ደረጃ ይምረጡ፦ ቀላል፣ መካከለኛ ወይም ከባድ። ትክክለኛ መልስ እንደ ደረጃው ' +
          `${right.easy}፣ ${right.medium} ወይም ${right.hard} ነጥብ ያስገኛል፤ ከሱ በፊት ለተከታተለ እያንዳንዱ ትክክለኛ መልስ ` +
          `${streakStep} ነጥብ (እስከ ${streakMax}) ይጨመራል፣ በ${speedSeconds} ሰከንድ ውስጥ ከመለሱ ደግሞ ተጨማሪ ${speed} ` +
          'ነጥብ ያገኛሉ። የተሳሳተ መልስ ነጥብ አያስገኝም፤ ተከታታይነቱንም ያቋርጣል። ' +
          `ለማሸነፍ ቢያንስ ${MATH_SPRINT_WIN_SCORE} ነጥብ ያስመዝግቡ።`,
      },
      priceSentence(rules),
      rewardSentence,
    ),
  };
};
