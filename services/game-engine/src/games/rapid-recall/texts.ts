/** Rapid Recall's title, description and instructions in English and Amharic, generated from its rules. */
import { joined, priceSentence, rewardSentence } from '../../catalogue/sentences.ts';
import type { TextsOf } from '../../catalogue/texts.ts';
import {
  RAPID_RECALL_ITEM_MS,
  RAPID_RECALL_LIVES,
  RAPID_RECALL_POINTS,
  RAPID_RECALL_SEQUENCE_MAX,
  RAPID_RECALL_SEQUENCE_START,
  RAPID_RECALL_WIN_LENGTH,
} from './rules.ts';

export const rapidRecallTexts: TextsOf = (rules) => {
  const itemSeconds = RAPID_RECALL_ITEM_MS / 1000;
  const fastSeconds = RAPID_RECALL_POINTS.fastMsPerItem / 1000;
  const { perItem } = RAPID_RECALL_POINTS;
  const fast = perItem + RAPID_RECALL_POINTS.speedPerItem;
  return {
    title: { en: 'Rapid Recall', am: 'ፈጣን ትውስታ' },
    description: { en: 'Remember ever longer sequences.', am: 'እየረዘሙ የሚሄዱ ቅደም ተከተሎችን ያስታውሱ።' },
    instructions: joined(
      {
        en:
          `Watch the sequence, shown one item at a time (${itemSeconds} second each), then repeat it in order on the ` +
          'pad. Play with colours (each with its own shape), digits, fidel, or all of them mixed. The first sequence has ' +
          `${RAPID_RECALL_SEQUENCE_START} items and each one you get right adds one, up to ${RAPID_RECALL_SEQUENCE_MAX}. ` +
          `A wrong answer, or none in time, costs one of your ${RAPID_RECALL_LIVES} lives, and you try the same length ` +
          `again with a new sequence. Each item of a right answer scores ${perItem} points, or ${fast} when you answer ` +
          `within ${fastSeconds} second per item. Recall a sequence of ${RAPID_RECALL_WIN_LENGTH} items to win.`,
        am:
          `ቅደም ተከተሉን ይመልከቱ፤ ምልክቶቹ አንድ በአንድ ይታያሉ (እያንዳንዱ ${itemSeconds} ሰከንድ)። ከዚያም በሰሌዳው ላይ ` +
          'በተመሳሳይ ቅደም ተከተል ይድገሙት። በቀለሞች (እያንዳንዱ የራሱ ቅርጽ አለው)፣ በአሃዞች፣ በፊደላት ወይም በሁሉም ' +
          `ተደባልቀው ይጫወቱ። የመጀመሪያው ቅደም ተከተል ${RAPID_RECALL_SEQUENCE_START} ምልክቶች አሉት፤ በትክክል በመለሱ ` +
          `ቁጥር አንድ ምልክት ይጨመራል፣ እስከ ${RAPID_RECALL_SEQUENCE_MAX} ድረስ። የተሳሳተ መልስ ወይም በጊዜው ያልተሰጠ መልስ ` +
          `ከ${RAPID_RECALL_LIVES} ዕድሎችዎ አንዱን ያሳጣዎታል፤ ከዚያም በዚያው ርዝመት አዲስ ቅደም ተከተል ይሞክራሉ። በትክክለኛ ` +
          `መልስ ውስጥ ያለ እያንዳንዱ ምልክት ${perItem} ነጥብ ያስገኛል፤ ለእያንዳንዱ ምልክት በ${fastSeconds} ሰከንድ ውስጥ ` +
          `ከመለሱ ደግሞ ${fast} ነጥብ። ለማሸነፍ ${RAPID_RECALL_WIN_LENGTH} ምልክቶች ያሉትን ቅደም ተከተል ያስታውሱ።`,
      },
      priceSentence(rules),
      rewardSentence,
    ),
  };
};
