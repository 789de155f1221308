/**
 * Value lists more than one contract uses, in a module of their own (no schemas), so a client chunk that needs one
 * game's schemas does not carry another's.
 */

/** The two languages of the arcade (and of Hangman's words). */
export const LANGUAGES = ['en', 'am'] as const;
export type ArcadeLanguage = (typeof LANGUAGES)[number];

/** Why a player is out of a room's match (the word duel's and Crazy's). */
export const REMOVAL_REASONS = ['left', 'timeouts'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];
