import { crazy } from '../features/games/crazy/game.ts';
import { hangmanDuel } from '../features/games/hangman-duel/game.ts';
import { hangman } from '../features/games/hangman/game.ts';
import { defineGames } from '../lib/games/registry.tsx';

/**
 * Every game the client plays, each a folder under features/games/<slug>/ whose game.ts says what it brings (a
 * single-player page, a room's table, a replay) and which translations those need. Adding a game is its folder and
 * its entry here; routes.tsx (which loads this as a chunk of its own), the room game page and the replay page
 * dispatch through this list.
 */
export const GAMES = defineGames([hangman, hangmanDuel, crazy]);
