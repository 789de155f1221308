import { codebreaker } from '../features/games/codebreaker/game.ts';
import { crazy } from '../features/games/crazy/game.ts';
import { geoSprint } from '../features/games/geo-sprint/game.ts';
import { hangmanDuel } from '../features/games/hangman-duel/game.ts';
import { hangman } from '../features/games/hangman/game.ts';
import { mathSprint } from '../features/games/math-sprint/game.ts';
import { mines } from '../features/games/mines/game.ts';
import { rapidRecall } from '../features/games/rapid-recall/game.ts';
import { sumChaser } from '../features/games/sum-chaser/game.ts';
import { defineGames } from '../lib/games/registry.tsx';

/**
 * Every game the client plays, each a folder under features/games/<slug>/ whose game.ts says what it brings (a
 * single-player page, a room's table, a replay, a fairness verifier) and which translations those need. Adding a
 * game is its folder and its entry here; routes.tsx (which loads this as a chunk of its own), the room game page, the
 * replay page and the fairness page dispatch through this list.
 */
export const GAMES = defineGames([hangman, hangmanDuel, crazy, codebreaker, mines, sumChaser, mathSprint, rapidRecall, geoSprint]);
