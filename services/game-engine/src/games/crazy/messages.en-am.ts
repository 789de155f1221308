/**
 * Crazy's words for people, in English and Amharic: a message for every rejection (for the gateway's rejection
 * table and the client), the rule table the instructions are generated from (numbers from rules.ts, so the text
 * can never disagree with the engine, as an earlier system's hand-written instructions did), and the game's own terms.
 */
import type { Suit } from './cards.ts';
import type { CrazyRejection } from './messages.ts';
import {
  CRAZY_ACE_OF_SPADES_DRAW,
  CRAZY_CALL_DRAW,
  CRAZY_FALSE_CALL_DRAW,
  CRAZY_FALSE_JOKER_DRAW,
  CRAZY_FORGOTTEN_QEREGN_DRAW,
  CRAZY_HAND_CARDS,
  CRAZY_PLAYERS_MAX,
  CRAZY_PLAYERS_MIN,
  CRAZY_STARTER_CARDS,
  CRAZY_TIMEOUTS_IN_A_ROW_TO_REMOVE,
  CRAZY_TURN_SECONDS,
  CRAZY_TWO_DRAW,
  CRAZY_WIN_POINTS,
  CRAZY_WRONG_CARD_DRAW,
} from './rules.ts';

export const CRAZY_LANGUAGES = ['en', 'am'] as const;
export type CrazyLanguage = (typeof CRAZY_LANGUAGES)[number];
export type Texts = Readonly<Record<CrazyLanguage, string>>;

export const CRAZY_REJECTION_MESSAGES: Readonly<Record<CrazyRejection, Texts>> = {
  game_over: { en: 'This game is over', am: 'ይህ ጨዋታ አልቋል' },
  not_your_match: { en: 'You are not playing in this game', am: 'በዚህ ጨዋታ ውስጥ እየተጫወቱ አይደሉም' },
  not_your_turn: { en: 'It is not your turn', am: 'ተራው የእርስዎ አይደለም' },
  no_cards_selected: { en: 'Choose at least one card', am: 'ቢያንስ አንድ ካርታ ይምረጡ' },
  card_not_in_hand: { en: 'That card is not in your hand', am: 'ያ ካርታ በእጅዎ ውስጥ የለም' },
  invalid_combination: {
    en: 'Cards go down together only as a 7 followed by cards of its suit, or as two identical cards',
    am: 'ካርታዎች አብረው የሚጣሉት 7 ቀድሞ የእሱ ዓይነት ካርታዎች ሲከተሉት ወይም ሁለት ፍጹም ተመሳሳይ ካርታዎች ሲሆኑ ብቻ ነው',
  },
  suit_not_allowed: { en: 'Only a single 8 or J chooses the suit', am: 'ዓይነቱን መምረጥ የሚችለው ብቻውን የተጣለ 8 ወይም J ብቻ ነው' },
  suit_change_locked: {
    en: 'The suit was just changed: you cannot change it again with an 8 or J this turn',
    am: 'ዓይነቱ አሁን ተቀይሯል፤ በዚህ ተራ በ8 ወይም በJ እንደገና መቀየር አይችሉም',
  },
  must_answer_penalty: {
    en: 'Answer the penalty first: stack a 2 or the A♠, or take the cards',
    am: 'መጀመሪያ ቅጣቱን ይመልሱ፤ 2 ወይም A♠ ደርበው ይጣሉ፣ አለበለዚያ ካርታዎቹን ይውሰዱ',
  },
  already_drew: { en: 'You can only draw one card per turn', am: 'በአንድ ተራ አንድ ካርታ ብቻ መሳብ ይችላሉ' },
  draw_first: { en: 'Draw a card before passing your turn', am: 'ተራዎን ከማሳለፍዎ በፊት ካርታ ይሳቡ' },
  nothing_to_draw: { en: 'There are no cards left to draw: you may pass', am: 'የሚሳብ ካርታ አልቀረም፤ ተራዎን ማሳለፍ ይችላሉ' },
  no_penalty: { en: 'There is no penalty to take', am: 'የሚወሰድ ቅጣት የለም' },
  qeregn_needs_one_card: {
    en: 'You can say Qeregn only with exactly one card left',
    am: '«ቀረኝ» ማለት የሚችሉት አንድ ካርታ ብቻ ሲቀርዎት ነው',
  },
  already_said_qeregn: { en: 'You have already said Qeregn', am: 'አስቀድመው «ቀረኝ» ብለዋል' },
  cannot_call_self: { en: 'You cannot call Crazy on yourself', am: 'በራስዎ ላይ «ክሪዚ» ማለት አይችሉም' },
  unknown_target: { en: 'That player is not in this game', am: 'ያ ተጫዋች በዚህ ጨዋታ ውስጥ የለም' },
};

/**
 * The HTTP status the gateway answers each rejection with (the shape of its rejection table: 409 for a move the
 * game's state does not allow now, 403 for someone not in the match, 400 for a move no state would allow).
 */
export const CRAZY_REJECTION_HTTP_STATUS: Readonly<Record<CrazyRejection, 400 | 403 | 409>> = {
  game_over: 409,
  not_your_match: 403,
  not_your_turn: 409,
  no_cards_selected: 400,
  card_not_in_hand: 409,
  invalid_combination: 400,
  suit_not_allowed: 400,
  suit_change_locked: 409,
  must_answer_penalty: 409,
  already_drew: 409,
  draw_first: 409,
  nothing_to_draw: 409,
  no_penalty: 409,
  qeregn_needs_one_card: 409,
  already_said_qeregn: 409,
  cannot_call_self: 400,
  unknown_target: 409,
};

export const rejectionMessage = (rejection: CrazyRejection, language: CrazyLanguage): string =>
  CRAZY_REJECTION_MESSAGES[rejection][language];

/** The game's own words (the client's buttons use them). */
export const CRAZY_TERMS = {
  crazy: { en: 'Crazy', am: 'ክሪዚ' },
  qeregn: { en: 'Qeregn', am: 'ቀረኝ' },
  yelegnm: { en: 'Pass (Yelegnm)', am: 'የለኝም' },
  draw: { en: 'Draw', am: 'ይሳቡ' },
  play: { en: 'Play', am: 'ይጣሉ' },
  facePenalty: { en: 'Take the cards', am: 'ካርታዎቹን ይውሰዱ' },
} as const satisfies Readonly<Record<string, Texts>>;

export const SUIT_NAMES: Readonly<Record<Suit, Texts>> = {
  hearts: { en: 'Hearts', am: 'ልብ' },
  diamonds: { en: 'Diamonds', am: 'አልማዝ' },
  clubs: { en: 'Clubs', am: 'ክለብ' },
  spades: { en: 'Spades', am: 'ስፔድ' },
};

export interface CrazyRule extends Texts {
  readonly id: string;
}

const { normal: NORMAL_SECONDS, rush: RUSH_SECONDS } = CRAZY_TURN_SECONDS;

/** One line per rule, in play order; every number comes from rules.ts. */
export const CRAZY_RULE_TABLE: readonly CrazyRule[] = [
  {
    id: 'deal',
    en:
      `${CRAZY_PLAYERS_MIN} to ${CRAZY_PLAYERS_MAX} players, two decks (104 cards). The starter gets ${CRAZY_STARTER_CARDS} ` +
      `cards and opens with any card; everyone else gets ${CRAZY_HAND_CARDS}.`,
    am:
      `ከ${CRAZY_PLAYERS_MIN} እስከ ${CRAZY_PLAYERS_MAX} ተጫዋቾች፣ ሁለት የካርታ ጥቅሎች (104 ካርታዎች)። ጀማሪው ${CRAZY_STARTER_CARDS} ` +
      `ካርታ ይደርሰዋል፣ በማንኛውም ካርታ ይከፍታል፤ ሌሎቹ እያንዳንዳቸው ${CRAZY_HAND_CARDS} ካርታ ይደርሳቸዋል።`,
  },
  {
    id: 'match',
    en: 'Play a card of the same suit or number as the top card.',
    am: 'ከላይ ካለው ካርታ ጋር አንድ ዓይነት ወይም አንድ ቁጥር ያለው ካርታ ይጣሉ።',
  },
  {
    id: 'two',
    en: `A 2 makes the next player draw ${CRAZY_TWO_DRAW}; any 2 can be stacked on it to pass the total on.`,
    am: `2 ሲጣል ቀጣዩ ተጫዋች ${CRAZY_TWO_DRAW} ካርታ ይስባል፤ በላዩ ላይ ማንኛውንም 2 ደርቦ ድምሩን ለቀጣዩ ማስተላለፍ ይቻላል።`,
  },
  {
    id: 'ace_of_spades',
    en:
      `The A♠ makes the next player draw ${CRAZY_ACE_OF_SPADES_DRAW}. Only the other A♠ or the 2♠ stacks on it, ` +
      'and the A♠ stacks on the 2♠.',
    am: `A♠ ሲጣል ቀጣዩ ተጫዋች ${CRAZY_ACE_OF_SPADES_DRAW} ካርታ ይስባል። በላዩ ላይ የሚደረበው ሌላው A♠ ወይም 2♠ ብቻ ነው፤ A♠ ደግሞ በ2♠ ላይ ይደረባል።`,
  },
  {
    id: 'penalty',
    en: 'Facing a penalty, stack a card or take the cards and then play or pass; passing takes them too.',
    am: 'ቅጣት ሲደርስብዎ ካርታ ደርበው ያስተላልፉ፣ ወይም ካርታዎቹን ወስደው ይጫወቱ ወይም ያሳልፉ፤ ማሳለፍም ካርታዎቹን ያስወስዳል።',
  },
  {
    id: 'five',
    en: 'A 5 reverses the direction (with two players you play again).',
    am: '5 የጨዋታውን አቅጣጫ ይቀይራል (ሁለት ተጫዋቾች ብቻ ሲሆኑ እንደገና ይጫወታሉ)።',
  },
  {
    id: 'seven',
    en: 'A 7 skips the next player (with two players you play again).',
    am: '7 ቀጣዩን ተጫዋች ያሳልፋል (ሁለት ተጫዋቾች ብቻ ሲሆኑ እንደገና ይጫወታሉ)።',
  },
  {
    id: 'eight_jack',
    en: 'An 8 or a J goes on any card and chooses the suit; the next player cannot change the suit again with an 8 or J.',
    am: '8 ወይም J በማንኛውም ካርታ ላይ ይጣላል፣ ዓይነቱንም ይመርጣል፤ ቀጣዩ ተጫዋች በ8 ወይም በJ ዓይነቱን እንደገና መቀየር አይችልም።',
  },
  {
    id: 'multi',
    en:
      'You may put down a 7 with cards of its suit, or two identical cards, at once if the first card fits the pile; ' +
      'cards put down together have no special effect.',
    am: 'የመጀመሪያው ካርታ ከተስማማ 7ን ከዓይነቱ ካርታዎች ጋር፣ ወይም ሁለት ፍጹም ተመሳሳይ ካርታዎችን በአንድ ጊዜ መጣል ይችላሉ፤ ' + 'አብረው የተጣሉ ካርታዎች ልዩ ውጤት የላቸውም።',
  },
  {
    id: 'wrong_card',
    en:
      `A wrong card costs ${CRAZY_WRONG_CARD_DRAW} cards (${CRAZY_FALSE_JOKER_DRAW} if its colour is wrong too) ` +
      'and you keep your turn.',
    am: `የተሳሳተ ካርታ የጣለ ${CRAZY_WRONG_CARD_DRAW} ካርታ ይስባል (ቀለሙም የማይስማማ ከሆነ ${CRAZY_FALSE_JOKER_DRAW})፤ ` + 'ተራውም የእሱ ሆኖ ይቀጥላል።',
  },
  {
    id: 'draw_pass',
    en: 'Draw one card per turn; after drawing you may pass (Yelegnm).',
    am: 'በአንድ ተራ አንድ ካርታ ብቻ ይሳቡ፤ ከሳቡ በኋላ «የለኝም» ብለው ተራዎን ማሳለፍ ይችላሉ።',
  },
  {
    id: 'qeregn',
    en:
      `With one card left, say Qeregn before the next player moves. After that anyone may call Crazy on a player who ` +
      `did not: they draw ${CRAZY_CALL_DRAW}. A wrong call costs the caller ${CRAZY_FALSE_CALL_DRAW}. Playing your last ` +
      `card without having said Qeregn costs ${CRAZY_FORGOTTEN_QEREGN_DRAW}.`,
    am:
      `አንድ ካርታ ሲቀርዎት ቀጣዩ ተጫዋች ከመጫወቱ በፊት «ቀረኝ» ይበሉ። ከዚያ በኋላ ያላለውን ተጫዋች ማንም «ክሪዚ» ሊለው ይችላል፤ ` +
      `የተያዘው ${CRAZY_CALL_DRAW} ካርታ ይስባል። በስህተት «ክሪዚ» ያለ ${CRAZY_FALSE_CALL_DRAW} ካርታ ይስባል። «ቀረኝ» ሳይል ` +
      `የመጨረሻውን ካርታ የጣለ ${CRAZY_FORGOTTEN_QEREGN_DRAW} ካርታ ይስባል።`,
  },
  {
    id: 'timer',
    en:
      `Each turn has ${NORMAL_SECONDS} seconds (${RUSH_SECONDS} in Rush); when it runs out you draw a card and the turn ` +
      `passes. Run out ${CRAZY_TIMEOUTS_IN_A_ROW_TO_REMOVE} times in a row and you are out of the game.`,
    am:
      `እያንዳንዱ ተራ ${NORMAL_SECONDS} ሰከንድ አለው (በፈጣን ጨዋታ ${RUSH_SECONDS})፤ ጊዜው ካለቀ አንድ ካርታ ይስባሉ፣ ተራውም ያልፋል። ` +
      `በተከታታይ ${CRAZY_TIMEOUTS_IN_A_ROW_TO_REMOVE} ጊዜ ጊዜው ካለቀብዎ ከጨዋታው ይወጣሉ።`,
  },
  {
    id: 'win',
    en: `The first to play every card wins and scores ${CRAZY_WIN_POINTS} plus the points of the cards the others still hold.`,
    am: `ካርታውን ሁሉ ቀድሞ የጨረሰ ያሸንፋል፤ ${CRAZY_WIN_POINTS} ነጥብ እና ሌሎቹ በእጃቸው የቀሯቸው ካርታዎች ነጥብ ያገኛል።`,
  },
];

/** The rules as lines in one language, generated from CRAZY_RULE_TABLE. */
export const ruleLines = (language: CrazyLanguage): string[] => CRAZY_RULE_TABLE.map((rule) => rule[language]);

/** The instructions in one language: the rule table's lines as one text. */
export const instructions = (language: CrazyLanguage): string => ruleLines(language).join(' ');
