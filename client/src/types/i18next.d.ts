import 'i18next';
import type common from '../locales/en/common.json';
import type auth from '../locales/en/auth.json';
import type games from '../locales/en/games.json';
import type wallet from '../locales/en/wallet.json';
import type profile from '../locales/en/profile.json';
import type stats from '../locales/en/stats.json';
import type debug from '../locales/en/debug.json';
import type hangman from '../locales/en/hangman.json';
import type leaderboards from '../locales/en/leaderboards.json';
import type multiplayer from '../locales/en/multiplayer.json';
import type crazy from '../locales/en/crazy.json';
import type arcade from '../locales/en/arcade.json';
import type fairness from '../locales/en/fairness.json';
import type codebreaker from '../locales/en/codebreaker.json';
import type mines from '../locales/en/mines.json';
import type sumChaser from '../locales/en/sum-chaser.json';
import type geoSprint from '../locales/en/geo-sprint.json';
import type mathSprint from '../locales/en/math-sprint.json';
import type rapidRecall from '../locales/en/rapid-recall.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      games: typeof games;
      wallet: typeof wallet;
      profile: typeof profile;
      stats: typeof stats;
      debug: typeof debug;
      hangman: typeof hangman;
      leaderboards: typeof leaderboards;
      multiplayer: typeof multiplayer;
      crazy: typeof crazy;
      arcade: typeof arcade;
      fairness: typeof fairness;
      codebreaker: typeof codebreaker;
      mines: typeof mines;
      'sum-chaser': typeof sumChaser;
      'geo-sprint': typeof geoSprint;
      'math-sprint': typeof mathSprint;
      'rapid-recall': typeof rapidRecall;
    };
    returnNull: false;
  }
}
