/**
 * Sum Chaser's title, description and instructions in English and Amharic, generated from its rules (rules.ts and
 * the shared payout of games/chance), so the numbers a player reads are the numbers the engine enforces.
 */
import { REWARD_TOKENS_MAX } from '../../config.ts';
import type { GameRules } from '../../catalogue/games.ts';
import { joined, priceSentence, rewardSentence } from '../../catalogue/sentences.ts';
import type { GameTexts } from '../../catalogue/texts.ts';
import { SCORE_PER_MULTIPLIER } from '../chance/payout.ts';
import { HOUSE_EDGE_PERCENT, SUM_CHASER_DIGIT_MAX, SUM_CHASER_DIGITS, SUM_CHASER_IDLE_MINUTES, SUM_CHASER_LINES } from './rules.ts';

/**
 * A function declaration, not a const: catalogue/texts.ts imports it back, and a declaration is defined before either
 * module runs, whichever is loaded first.
 */
export function sumChaserTexts(rules: GameRules): GameTexts {
  const returnPercent = 100 - HOUSE_EDGE_PERCENT;
  const [firstLine, secondLine, thirdLine] = SUM_CHASER_LINES;
  return {
    title: { en: 'Sum Chaser', am: 'ድምር አሳዳጅ' },
    description: {
      en: 'Call whether the sum lands over or under the line.',
      am: 'ድምሩ ከመስመሩ በላይ ወይስ በታች እንደሚሆን ይገምቱ።',
    },
    instructions: joined(
      {
        en:
          `${SUM_CHASER_DIGITS} digits from 0 to ${SUM_CHASER_DIGIT_MAX} are revealed one by one. Before each, call ` +
          `whether the running sum will land over or under the line: ${firstLine} for the first digit, ` +
          `${secondLine} for the second, ${thirdLine} for the third, moved closer when the sum so far puts it out ` +
          'of reach, so no call is ever a sure win. Each call shows its chance and the multiplier it brings: the ' +
          `house keeps ${HOUSE_EDGE_PERCENT}%, so wherever you stop, a game returns ${returnPercent}% of its stake ` +
          'on average. A wrong call loses the round; cash out after any right call, and the last right call cashes ' +
          'out for you.',
        am:
          `ከ0 እስከ ${SUM_CHASER_DIGIT_MAX} ያሉ ${SUM_CHASER_DIGITS} አሃዞች አንድ በአንድ ይገለጣሉ። ከእያንዳንዱ በፊት ` +
          `ድምሩ ከመስመሩ በላይ ወይም በታች እንደሚሆን ይገምቱ፤ መስመሩ ለመጀመሪያው አሃዝ ${firstLine}፣ ለሁለተኛው ` +
          `${secondLine}፣ ለሦስተኛው ${thirdLine} ነው። እስካሁን ያለው ድምር መስመሩን የማይደረስበት ካደረገው መስመሩ ` +
          'ወደ ድምሩ ይጠጋል፤ ስለዚህ የትኛውም ግምት ያለጥርጥር አያሸንፍም። እያንዳንዱ ግምት የማሸነፍ ዕድሉንና የሚያስገኘውን ' +
          `ማባዣ ያሳያል፤ የአዘጋጁ ድርሻ ${HOUSE_EDGE_PERCENT}% ስለሆነ የትም ቢያቆሙ በአማካይ ከከፈሉት ${returnPercent}% ` +
          'ይመለስልዎታል። የተሳሳተ ግምት ዙሩን ያሳጣዎታል፤ ከማንኛውም ትክክለኛ ግምት በኋላ ያገኙትን ወስደው ማቆም ይችላሉ፣ ' +
          'የመጨረሻው ትክክለኛ ግምት ደግሞ ያገኙትን በራሱ ይሰጥዎታል።',
      },
      {
        en:
          `Cashing out pays your stake times the multiplier in whole tokens, at most ${REWARD_TOKENS_MAX} (so a ` +
          `cash-out gives your ${rules.costTokens} tokens back), and ${SCORE_PER_MULTIPLIER} points for every ×1 of ` +
          'the multiplier. The digits are sealed with the game’s seed at the start and shown at the end, so you can ' +
          `check them. A game left untouched for ${SUM_CHASER_IDLE_MINUTES} minutes ends on its own: cashed out after ` +
          'a right call, lost otherwise.',
        am:
          `ሲያቆሙ የከፈሉት በማባዣው ተባዝቶ በሙሉ ቶከን፣ ቢበዛ ${REWARD_TOKENS_MAX} ቶከን ይከፈልዎታል (ስለዚህ ያቆሙ ጊዜ ` +
          `${rules.costTokens} ቶከንዎ ይመለስልዎታል)፤ ለማባዣው እያንዳንዱ ×1 ደግሞ ${SCORE_PER_MULTIPLIER} ነጥብ ያገኛሉ። ` +
          'አሃዞቹ በመጀመሪያ በጨዋታው ዘር ታሽገው ይሰጣሉ፤ በመጨረሻም ይገለጣሉ፣ እርስዎም ማረጋገጥ ይችላሉ። ጨዋታውን ለ' +
          `${SUM_CHASER_IDLE_MINUTES} ደቂቃ ሳይነኩት ከቆዩ በራሱ ያበቃል፤ ትክክለኛ ግምት አግኝተው ከሆነ ያገኙት ይሰጥዎታል፣ ` +
          'ካልሆነ ግን ይሸነፋሉ።',
      },
      priceSentence(rules),
      rewardSentence,
    ),
  };
}
