/** The sentences every game's instructions share: the price and the reward, in both languages, from the rules. */
import { REWARD_TOKENS_MAX, XP_MAX } from '../config.ts';
import type { GameRules } from './games.ts';
import type { LocalizedText } from './localized.ts';

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
