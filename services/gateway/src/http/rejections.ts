/**
 * Every named rejection the gateway can answer with, in one table: HTTP status and the message in English and
 * Amharic. A rejection not listed here (e.g. a new ledger reason) falls back to `unlisted` below.
 */
import { GAME_MODULES, SHARED_GAME_REJECTIONS, type crazy, type duel, type hangman } from '@qal/game-engine';

export type Lang = 'en' | 'am';

export interface RejectionInfo {
  readonly status: number;
  readonly en: string;
  readonly am: string;
}

/**
 * Every game's own rejections, from the engine's game modules; the ones several games share (game_over,
 * not_your_match, …) keep their shared words whatever a game says.
 */
const GAME_REJECTIONS = Object.assign({}, ...GAME_MODULES.map((module) => module.rejections), SHARED_GAME_REJECTIONS) as Readonly<
  Record<string, RejectionInfo> & Record<hangman.HangmanRejection | duel.DuelRejection | crazy.CrazyRejection, RejectionInfo>
>;

const PLATFORM_REJECTIONS = {
  validation_failed: { status: 400, en: 'Validation Failed', am: 'ያስገቡት መረጃ ትክክል አይደለም' },
  invalid_json: { status: 400, en: 'The request body is not valid JSON', am: 'የጥያቄው ይዘት ትክክለኛ JSON አይደለም' },
  invalid_phone: { status: 400, en: 'Invalid Ethiopian phone number format', am: 'ትክክለኛ የኢትዮጵያ ስልክ ቁጥር ያስገቡ' },
  otp_resend_too_soon: {
    status: 429,
    en: 'Please wait before requesting a new code',
    am: 'አዲስ ኮድ ከመጠየቅዎ በፊት እባክዎ ትንሽ ይጠብቁ',
  },
  otp_hourly_limit: {
    status: 429,
    en: 'Too many codes were requested. Please try again later',
    am: 'በጣም ብዙ ኮዶች ተጠይቀዋል። እባክዎ ቆይተው እንደገና ይሞክሩ',
  },
  sms_failed: { status: 502, en: 'We could not send the code. Please try again', am: 'ኮዱን መላክ አልቻልንም። እባክዎ እንደገና ይሞክሩ' },
  otp_incorrect: { status: 401, en: 'The code is incorrect', am: 'ኮዱ ትክክል አይደለም' },
  otp_expired: { status: 401, en: 'The code has expired. Request a new one', am: 'ኮዱ ጊዜው አልፎበታል። አዲስ ኮድ ይጠይቁ' },
  otp_not_requested: {
    status: 401,
    en: 'No code was requested for this number. Request a new one',
    am: 'ለዚህ ቁጥር ኮድ አልተጠየቀም። አዲስ ኮድ ይጠይቁ',
  },
  otp_verify_limit: {
    status: 429,
    en: 'Too many wrong codes were sent from this network. Please try again later',
    am: 'ከዚህ አውታረ መረብ በጣም ብዙ የተሳሳቱ ኮዶች ተልከዋል። እባክዎ ቆይተው እንደገና ይሞክሩ',
  },
  otp_attempts_exhausted: {
    status: 401,
    en: 'Too many wrong attempts. Request a new code',
    am: 'በጣም ብዙ የተሳሳቱ ሙከራዎች ተደርገዋል። አዲስ ኮድ ይጠይቁ',
  },
  unauthorized: { status: 401, en: 'Not authenticated', am: 'ማንነትዎ አልተረጋገጠም' },
  forbidden: { status: 403, en: 'You are not allowed to do this', am: 'ይህን ለማድረግ አልተፈቀደልዎትም' },
  forbidden_channel: { status: 403, en: 'You may not follow this channel', am: 'ይህን ቻናል መከታተል አልተፈቀደልዎትም' },
  unknown_channel: { status: 404, en: 'There is no such channel', am: 'እንደዚህ ያለ ቻናል የለም' },
  invalid_message: { status: 400, en: 'The message could not be understood', am: 'መልዕክቱ ሊገባ አልቻለም' },
  // The websocket's limits (each closes the socket with 1008) and its one way of signing in.
  ws_too_many_messages: {
    status: 429,
    en: 'Too many messages on this connection. Please slow down',
    am: 'በዚህ ግንኙነት በጣም ብዙ መልዕክቶች ተልከዋል። እባክዎ ቀስ ይበሉ',
  },
  ws_too_many_subscriptions: {
    status: 429,
    en: 'This connection follows too many live updates',
    am: 'ይህ ግንኙነት በጣም ብዙ የቀጥታ ማሻሻያዎችን እየተከታተለ ነው',
  },
  ws_too_many_sockets: {
    status: 429,
    en: 'Qal is open in too many tabs or devices. Close some and try again',
    am: 'ቃል በጣም ብዙ ትሮች ወይም መሣሪያዎች ላይ ተከፍቷል። አንዳንዶቹን ዘግተው እንደገና ይሞክሩ',
  },
  ws_token_in_url: {
    status: 401,
    en: 'Send the session token in the first message, not in the address',
    am: 'የመግቢያ መረጃውን በአድራሻው ሳይሆን በመጀመሪያው መልዕክት ይላኩ',
  },
  not_found: { status: 404, en: 'Not found', am: 'አልተገኘም' },
  username_taken: { status: 409, en: 'Username is taken', am: 'የተጠቃሚ ስሙ ተይዟል' },
  invalid_username: {
    status: 400,
    en: 'A username has 3 to 20 letters, digits or underscores',
    am: 'የተጠቃሚ ስም ከ3 እስከ 20 ፊደሎች፣ ቁጥሮች ወይም የታችኛው መስመር (_) ይይዛል',
  },
  avatar_missing: { status: 400, en: 'Choose an image to upload', am: 'የሚጫን ምስል ይምረጡ' },
  avatar_too_large: { status: 413, en: 'The image must be 2 MB or smaller', am: 'ምስሉ ከ2 ሜጋባይት መብለጥ የለበትም' },
  avatar_unsupported_type: {
    status: 415,
    en: 'Only JPG, PNG or GIF images are accepted',
    am: 'የሚቀበሉት JPG፣ PNG ወይም GIF ምስሎች ብቻ ናቸው',
  },
  payload_too_large: { status: 413, en: 'The request is too large', am: 'ጥያቄው በጣም ትልቅ ነው' },
  unsupported_media_type: { status: 415, en: 'This content type is not accepted', am: 'ይህ የይዘት ዓይነት ተቀባይነት የለውም' },
  daily_bonus_already_claimed: {
    status: 409,
    en: 'You have already claimed today’s bonus. Come back tomorrow',
    am: 'የዛሬውን ጉርሻ አስቀድመው ወስደዋል። ነገ ይመለሱ',
  },
  insufficient_tokens: {
    status: 422,
    en: 'You don’t have enough tokens to start this game. Purchase more tokens to continue.',
    am: 'ይህን ጨዋታ ለመጀመር በቂ ቶከን የለዎትም። ለመቀጠል ተጨማሪ ቶከን ይግዙ።',
  },
  daily_limit_reached: {
    status: 422,
    en: 'You’ve reached your daily play limit for this game. Buy more tokens to continue playing!',
    am: 'ለዚህ ጨዋታ የዕለቱን የመጫወቻ ገደብ ጨርሰዋል። መጫወትዎን ለመቀጠል ተጨማሪ ቶከን ይግዙ!',
  },
  match_not_found: { status: 404, en: 'Game not found', am: 'ጨዋታው አልተገኘም' },
  match_not_over: {
    status: 409,
    en: 'The replay is available once the game is over',
    am: 'ድጋሚ ማጫወቻው የሚገኘው ጨዋታው ካለቀ በኋላ ነው',
  },
  unknown_language: { status: 400, en: 'This game is not available in that language', am: 'ይህ ጨዋታ በዚያ ቋንቋ አይገኝም' },
  play_abandoned: {
    status: 409,
    en: 'This game could not be started. Any tokens taken were returned',
    am: 'ይህ ጨዋታ መጀመር አልቻለም። የተወሰደ ቶከን ካለ ተመልሷል',
  },
  invalid_command: { status: 400, en: 'The request could not be understood', am: 'ጥያቄው ሊገባ አልቻለም' },
  unknown_game: { status: 400, en: 'There is no such game', am: 'እንደዚህ ያለ ጨዋታ የለም' },
  game_not_playable: { status: 404, en: 'This game cannot be played here', am: 'ይህን ጨዋታ እዚህ መጫወት አይቻልም' },
  invalid_game_options: { status: 400, en: 'These game settings are not allowed', am: 'እነዚህ የጨዋታ ምርጫዎች አይፈቀዱም' },
  invalid_client_seed: {
    status: 400,
    en: 'A client seed is 1 to 64 letters, digits, _ or -',
    am: 'የተጫዋች ዘር ከ1 እስከ 64 ፊደላት፣ አሃዞች፣ _ ወይም - መሆን አለበት',
  },
  player_not_found: { status: 404, en: 'Player not found', am: 'ተጫዋቹ አልተገኘም' },
  share_not_found: {
    status: 404,
    en: 'This statistics link does not exist or was revoked',
    am: 'ይህ የስታቲስቲክስ ሊንክ የለም ወይም ተሰርዟል',
  },
  share_not_yours: { status: 403, en: 'Only its owner can revoke this link', am: 'ይህን ሊንክ መሰረዝ የሚችለው ባለቤቱ ብቻ ነው' },
  unknown_package: { status: 400, en: 'There is no such token package', am: 'እንደዚህ ያለ የቶከን ጥቅል የለም' },
  purchase_not_found: { status: 404, en: 'Purchase not found', am: 'ግዢው አልተገኘም' },
  payments_unavailable: {
    status: 404,
    en: 'This payment method is not available',
    am: 'ይህ የክፍያ ዘዴ አይገኝም',
  },
  payment_not_verified: {
    status: 409,
    en: 'We could not confirm this payment. Please try again later',
    am: 'ይህን ክፍያ ማረጋገጥ አልቻልንም። እባክዎ ቆይተው እንደገና ይሞክሩ',
  },
  payment_provider_unavailable: {
    status: 502,
    en: 'The payment service is not answering. Please try again later',
    am: 'የክፍያ አገልግሎቱ ምላሽ አልሰጠም። እባክዎ ቆይተው እንደገና ይሞክሩ',
  },
  purchase_conflict: {
    status: 409,
    en: 'This request was already used for another purchase',
    am: 'ይህ ጥያቄ ለሌላ ግዢ ጥቅም ላይ ውሏል',
  },
  wallet_not_found: {
    status: 409,
    en: 'Your wallet is not ready yet. Please try again shortly',
    am: 'ዋሌትዎ ገና አልተዘጋጀም። እባክዎ ትንሽ ቆይተው ይሞክሩ',
  },
  request_refused: { status: 422, en: 'The request was refused', am: 'ጥያቄው ተቀባይነት አላገኘም' },
  idempotency_in_progress: {
    status: 409,
    en: 'The same request is still being processed',
    am: 'ተመሳሳዩ ጥያቄ አሁንም በሂደት ላይ ነው',
  },
  rate_limited: { status: 429, en: 'Too many requests. Please slow down', am: 'በጣም ብዙ ጥያቄዎች። እባክዎ ቀስ ይበሉ' },
  command_timeout: {
    status: 504,
    en: 'This is taking longer than expected. Please try again',
    am: 'ከተጠበቀው በላይ ጊዜ እየወሰደ ነው። እባክዎ እንደገና ይሞክሩ',
  },
  not_ready: { status: 503, en: 'The service is starting. Please try again shortly', am: 'አገልግሎቱ እየጀመረ ነው። እባክዎ ትንሽ ቆይተው ይሞክሩ' },
  // Multiplayer rooms (docs/product-rules.md, "Rooms"; the English wording players already know where there is one).
  room_not_found: { status: 404, en: 'Room not found', am: 'የጨዋታ ክፍሉ አልተገኘም' },
  room_full: { status: 409, en: 'This room is full', am: 'ይህ የጨዋታ ክፍል ሞልቷል' },
  password_required: { status: 403, en: 'Password required', am: 'የይለፍ ቃል ያስፈልጋል' },
  invalid_password: { status: 403, en: 'Invalid password', am: 'የይለፍ ቃሉ ትክክል አይደለም' },
  too_many_password_attempts: {
    status: 429,
    en: 'Too many wrong passwords for this room. Please try again later',
    am: 'ለዚህ ክፍል በጣም ብዙ ጊዜ የተሳሳተ የይለፍ ቃል ገብቷል። እባክዎ ቆይተው እንደገና ይሞክሩ',
  },
  room_busy: {
    status: 409,
    en: 'The room changed while you were joining. Please try again',
    am: 'እየገቡ ሳሉ ክፍሉ ተቀይሯል። እባክዎ እንደገና ይሞክሩ',
  },
  invalid_room_settings: {
    status: 400,
    en: 'Some room settings are not valid. Check them and try again',
    am: 'አንዳንድ የክፍሉ ቅንብሮች ትክክል አይደሉም። አስተካክለው እንደገና ይሞክሩ',
  },
  not_room_host: { status: 403, en: 'Only the host of the room can do this', am: 'ይህን ማድረግ የሚችለው የክፍሉ አስተናጋጅ ብቻ ነው' },
  not_in_room: { status: 403, en: 'You are not in this room', am: 'እርስዎ የዚህ ክፍል አባል አይደሉም' },
  already_in_room: { status: 409, en: 'You are already in this room', am: 'አስቀድመው በዚህ ክፍል ውስጥ ነዎት' },
  room_not_waiting: {
    status: 409,
    en: 'This room is no longer waiting for players',
    am: 'ይህ ክፍል ከአሁን በኋላ ተጫዋቾችን እየጠበቀ አይደለም',
  },
  not_enough_players: {
    status: 409,
    en: 'At least one more player is needed to start',
    am: 'ጨዋታውን ለመጀመር ቢያንስ አንድ ተጨማሪ ተጫዋች ያስፈልጋል',
  },
  players_not_ready: {
    status: 409,
    en: 'Every player must be ready before the game starts',
    am: 'ጨዋታው ከመጀመሩ በፊት ሁሉም ተጫዋቾች ዝግጁ መሆን አለባቸው',
  },
  user_not_found: { status: 404, en: 'No player has this username', am: 'ይህ የተጠቃሚ ስም ያለው ተጫዋች የለም' },
  cannot_invite_self: { status: 400, en: 'You cannot invite yourself', am: 'ራስዎን መጋበዝ አይችሉም' },
  already_invited: { status: 409, en: 'This player is already invited', am: 'ይህ ተጫዋች አስቀድሞ ተጋብዟል' },
  invitation_not_found: {
    status: 404,
    en: 'This invitation no longer exists',
    am: 'ይህ ግብዣ ከአሁን በኋላ የለም',
  },
  bet_amount_not_allowed: {
    status: 400,
    en: 'A bet is 5, 10, 15, 20, 30, 40 or 50 tokens per player',
    am: 'ውርርድ ለእያንዳንዱ ተጫዋች 5፣ 10፣ 15፣ 20፣ 30፣ 40 ወይም 50 ቶከን ነው',
  },
  bet_already_proposed: {
    status: 409,
    en: 'A bet has already been proposed in this room',
    am: 'በዚህ ክፍል ውስጥ ውርርድ አስቀድሞ ቀርቧል',
  },
  no_bet_proposed: { status: 409, en: 'There is no bet proposal to answer', am: 'መልስ የሚሰጡበት የውርርድ ሀሳብ የለም' },
  bet_already_answered: { status: 409, en: 'You have already answered this bet', am: 'ለዚህ ውርርድ አስቀድመው መልስ ሰጥተዋል' },
  rematch_not_available: {
    status: 409,
    en: 'A rematch can start once the match is over',
    am: 'የመልስ ጨዋታ መጀመር የሚቻለው ጨዋታው ካለቀ በኋላ ነው',
  },
  bet_not_settled: {
    status: 409,
    en: 'Every player must accept the bet before the game starts',
    am: 'ጨዋታው ከመጀመሩ በፊት ሁሉም ተጫዋቾች ውርርዱን መቀበል አለባቸው',
  },
  /** The engine's own (it draws another code); listed so a leak still reads sensibly. */
  room_exists: { status: 409, en: 'Please try again', am: 'እባክዎ እንደገና ይሞክሩ' },
  internal_error: { status: 500, en: 'Something went wrong. Please try again', am: 'የሆነ ችግር ተፈጥሯል። እባክዎ እንደገና ይሞክሩ' },
} as const satisfies Record<string, RejectionInfo>;

export const REJECTIONS: typeof GAME_REJECTIONS & typeof PLATFORM_REJECTIONS = { ...GAME_REJECTIONS, ...PLATFORM_REJECTIONS };

export type RejectionCode = keyof typeof PLATFORM_REJECTIONS;

/** For a business rule another service named that this table does not know yet. */
const unlisted: RejectionInfo = { status: 422, en: 'The request was refused', am: 'ጥያቄው ተቀባይነት አላገኘም' };

export function rejectionInfo(code: string): RejectionInfo {
  return (REJECTIONS as Record<string, RejectionInfo>)[code] ?? unlisted;
}

/** Rejections whose message says a number from the details; the table's text when the number is missing. */
const DETAILED: Partial<Record<string, (details: Record<string, unknown>) => { en: string; am: string } | null>> = {
  not_enough_players: (details) => {
    const needed = details.needed;
    const have = details.have;
    if (typeof needed !== 'number' || !Number.isInteger(needed)) return null;
    // `needed` is the minimum (2) when `have` is given, else the count still missing.
    const more = typeof have === 'number' ? Math.max(1, needed - have) : Math.max(1, needed);
    return {
      en: more === 1 ? 'At least 1 more player is needed to start' : `At least ${more} more players are needed to start`,
      am: `ጨዋታውን ለመጀመር ቢያንስ ${more} ተጨማሪ ተጫዋች ያስፈልጋል`,
    };
  },
};

/** The message of a rejection in `lang`, with its numbers filled in where the details give them. */
export function rejectionMessage(code: string, lang: Lang, details?: Record<string, unknown>): string {
  const detailed = details ? DETAILED[code]?.(details) : null;
  return detailed ? detailed[lang] : rejectionInfo(code)[lang];
}

/** Human text that goes with successful answers. */
export const MESSAGES = {
  otp_sent: { en: 'We sent you a verification code', am: 'የማረጋገጫ ኮድ ልከንልዎታል' },
  signed_in: { en: 'Welcome to Qal', am: 'ወደ ቃል እንኳን ደህና መጡ' },
  signed_out: { en: 'You are signed out', am: 'ከመለያዎ ወጥተዋል' },
  signed_out_everywhere: { en: 'You are signed out on every device', am: 'በሁሉም መሣሪያዎች ላይ ከመለያዎ ወጥተዋል' },
  profile_saved: { en: 'Your profile was saved', am: 'መገለጫዎ ተቀምጧል' },
  username_available: { en: 'Username is available', am: 'የተጠቃሚ ስሙ ይገኛል' },
  username_taken: { en: 'Username is taken', am: 'የተጠቃሚ ስሙ ተይዟል' },
  avatar_saved: { en: 'Your picture was updated', am: 'ፎቶዎ ተቀይሯል' },
  daily_bonus_claimed: { en: 'You received your daily bonus', am: 'የዕለቱን ጉርሻ ተቀብለዋል' },
  purchase_started: { en: 'Complete the payment to receive your tokens', am: 'ቶከኖቹን ለማግኘት ክፍያውን ያጠናቅቁ' },
  purchase_completed: { en: 'Tokens added to your wallet', am: 'ቶከኖቹ ወደ ዋሌትዎ ገብተዋል' },
  stats_share_created: { en: 'Your statistics link is ready to share', am: 'የስታቲስቲክስ ሊንክዎ ለማጋራት ዝግጁ ነው' },
  stats_share_revoked: { en: 'The link no longer works', am: 'ሊንኩ ከእንግዲህ አይሰራም' },
} as const satisfies Record<string, { en: string; am: string }>;

export type MessageKey = keyof typeof MESSAGES;
