/**
 * Mines' title, description and instructions in English and Amharic, generated from its rules (rules.ts and the
 * shared payout of games/chance), so the numbers a player reads are the numbers the engine enforces.
 */
import type { GameRules } from '../../catalogue/games.ts';
import { joined, priceSentence, rewardSentence } from '../../catalogue/sentences.ts';
import type { GameTexts } from '../../catalogue/texts.ts';
import { SCORE_MULTIPLIER_MAX, SCORE_PER_MULTIPLIER } from '../chance/payout.ts';
import { HOUSE_EDGE_PERCENT, MINES_COUNT_DEFAULT, MINES_COUNT_MAX, MINES_COUNT_MIN, MINES_GRID_SIDE, MINES_IDLE_MINUTES } from './rules.ts';

/**
 * A function declaration, not a const: catalogue/texts.ts imports it back, and a declaration is defined before either
 * module runs, whichever is loaded first.
 */
export function minesTexts(rules: GameRules): GameTexts {
  const returnPercent = 100 - HOUSE_EDGE_PERCENT;
  const scoreCap = SCORE_MULTIPLIER_MAX.toLocaleString('en');
  return {
    title: { en: 'Mines', am: 'ፈንጂ' },
    description: { en: 'Find the safe tiles and stop before a mine.', am: 'ደህና ሳጥኖችን ያግኙ፤ ፈንጂ ሳይነኩ ያቁሙ።' },
    instructions: joined(
      {
        en:
          `Open tiles on a ${MINES_GRID_SIDE}×${MINES_GRID_SIDE} grid that hides ${MINES_COUNT_MIN} to ${MINES_COUNT_MAX} ` +
          `mines: you choose how many (${MINES_COUNT_DEFAULT} unless you change it). Every safe tile raises your ` +
          'multiplier by the real odds of finding it: the house keeps ' +
          `${HOUSE_EDGE_PERCENT}%, so wherever you stop, a game returns ${returnPercent}% of its stake on average. ` +
          'Cash out after at least one safe tile; a mine loses the round, and opening the last safe tile cashes out ' +
          'for you.',
        am:
          `ከ${MINES_COUNT_MIN} እስከ ${MINES_COUNT_MAX} ፈንጂዎች በተደበቁበት ${MINES_GRID_SIDE}×${MINES_GRID_SIDE} ሰሌዳ ላይ ` +
          `ሳጥኖችን ይክፈቱ፤ የፈንጂዎቹን ብዛት እርስዎ ይመርጣሉ (ካልቀየሩት ${MINES_COUNT_DEFAULT} ነው)። እያንዳንዱ ደህና ሳጥን ` +
          `ማባዣዎን ሳጥኑን የማግኘት እውነተኛ ዕድል በሚፈቅደው መጠን ያሳድጋል፤ የአዘጋጁ ድርሻ ${HOUSE_EDGE_PERCENT}% ስለሆነ የትም ቢያቆሙ ` +
          `በአማካይ ከከፈሉት ${returnPercent}% ይመለስልዎታል። ቢያንስ አንድ ደህና ሳጥን ከከፈቱ በኋላ ያገኙትን ወስደው ማቆም ` +
          'ይችላሉ፤ ፈንጂ ከነኩ ዙሩን ያጣሉ፣ የመጨረሻውን ደህና ሳጥን ሲከፍቱ ደግሞ ያገኙት በራሱ ይሰጥዎታል።',
      },
      {
        en:
          'Cashing out pays your stake times the multiplier, rounded down to whole tokens, and ' +
          `${SCORE_PER_MULTIPLIER} points for every ×1 of it (counted up to ×${scoreCap}). The mines are sealed ` +
          'with the game’s seed at the start and shown at the end, so you can check them. A game left untouched for ' +
          `${MINES_IDLE_MINUTES} minutes ends on its own: cashed out if you have opened a safe tile, lost otherwise.`,
        am:
          'ሲያቆሙ የከፈሉት በማባዣው ተባዝቶ ወደ ሙሉ ቶከን ዝቅ ብሎ ይከፈልዎታል፤ ለእያንዳንዱ ×1 ደግሞ ' +
          `${SCORE_PER_MULTIPLIER} ነጥብ ያገኛሉ (እስከ ×${scoreCap} ድረስ ይቆጠራል)። የፈንጂዎቹ ቦታ በመጀመሪያ በጨዋታው ዘር ` +
          'ታሽጎ ይሰጣል፤ በመጨረሻም ይገለጣል፣ እርስዎም ማረጋገጥ ይችላሉ። ጨዋታውን ለ' +
          `${MINES_IDLE_MINUTES} ደቂቃ ሳይነኩት ከቆዩ በራሱ ያበቃል፤ ደህና ሳጥን ከፍተው ከሆነ ያገኙት ይሰጥዎታል፣ ካልሆነ ግን ይሸነፋሉ።`,
      },
      priceSentence(rules),
      rewardSentence,
    ),
  };
}
