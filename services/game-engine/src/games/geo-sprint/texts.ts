/** Geo Sprint's title, description and instructions in English and Amharic, generated from its rule numbers (rules.ts). */
import { joined, priceSentence, rewardSentence } from '../../catalogue/sentences.ts';
import type { TextsOf } from '../../catalogue/texts.ts';
import {
  GEO_SPRINT_BASE_POINTS,
  GEO_SPRINT_QUESTIONS,
  GEO_SPRINT_RIGHT_TO_WIN,
  GEO_SPRINT_SECONDS_PER_QUESTION,
  GEO_SPRINT_SPEED_BONUS_MAX,
  GEO_SPRINT_STREAK_BONUS_MAX,
} from './rules.ts';

const { easy, medium, hard } = GEO_SPRINT_BASE_POINTS;

export const geoSprintTexts: TextsOf = (rules) => ({
  title: { en: 'Geo Sprint', am: 'የጂኦግራፊ ሩጫ' },
  description: { en: 'A race through geography questions.', am: 'በጂኦግራፊ ጥያቄዎች የሚደረግ የፍጥነት ውድድር።' },
  instructions: joined(
    {
      en:
        `Answer ${GEO_SPRINT_QUESTIONS} questions about Ethiopia, Africa or the world, or a mix of the three, with ` +
        `${GEO_SPRINT_SECONDS_PER_QUESTION} seconds for each. A right answer scores ${easy}, ${medium} or ${hard} ` +
        `points by difficulty, up to ${GEO_SPRINT_SPEED_BONUS_MAX} more for speed and up to ` +
        `${GEO_SPRINT_STREAK_BONUS_MAX} more for a streak of right answers. Once a round you may use the 50/50, ` +
        `which takes away two wrong options, and once a hint. Get at least ${GEO_SPRINT_RIGHT_TO_WIN} right to win.`,
      am:
        `ስለ ኢትዮጵያ፣ ስለ አፍሪካ ወይም ስለ ዓለም፣ አልያም ከሦስቱም የተቀላቀሉ ${GEO_SPRINT_QUESTIONS} ጥያቄዎችን ይመልሱ፤ ` +
        `ለእያንዳንዱ ${GEO_SPRINT_SECONDS_PER_QUESTION} ሰከንድ አለዎት። ትክክለኛ መልስ እንደ ጥያቄው ክብደት ${easy}፣ ` +
        `${medium} ወይም ${hard} ነጥብ ያስገኛል፤ በፍጥነት ከመለሱ እስከ ${GEO_SPRINT_SPEED_BONUS_MAX}፣ በተከታታይ ` +
        `ትክክል ከመለሱ ደግሞ እስከ ${GEO_SPRINT_STREAK_BONUS_MAX} ተጨማሪ ነጥብ ያገኛሉ። በየዙሩ ሁለት የተሳሳቱ ` +
        `አማራጮችን የሚያስወግደውን 50/50 አንድ ጊዜ፣ ፍንጭም አንድ ጊዜ መጠቀም ይችላሉ። ለማሸነፍ ቢያንስ ` +
        `${GEO_SPRINT_RIGHT_TO_WIN} ጥያቄዎችን በትክክል መመለስ አለብዎት።`,
    },
    priceSentence(rules),
    rewardSentence,
  ),
});
