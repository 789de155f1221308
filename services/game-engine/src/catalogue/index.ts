export * from './categories.ts';
export * from './catalogue.ts';
export * from './games.ts';
export type { LocalizedText } from './localized.ts';
export * from './rewards.ts';
export * from './rule-tables.ts';
export type { GameTexts } from './texts.ts';
