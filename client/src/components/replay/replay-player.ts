import type { REPLAY_SPEEDS } from '../../config/constants.ts';
import { REPLAY_STEP_MS } from '../../config/constants.ts';

/**
 * The replay's player as a pure reducer: which step is shown, whether it plays on its own, and how fast. The page
 * sends `tick` every `stepDelay(speed)` while `playing`; reaching the last step stops it.
 */
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
export type ReplayPlayerState = { index: number; length: number; playing: boolean; speed: ReplaySpeed };
export type ReplayAction =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'tick' }
  | { type: 'forward' }
  | { type: 'back' }
  | { type: 'seek'; index: number }
  | { type: 'speed'; speed: ReplaySpeed };

export function initialReplay(length: number): ReplayPlayerState {
  return { index: 0, length, playing: false, speed: 1 };
}

const clamp = (index: number, length: number) => Math.max(0, Math.min(length - 1, index));
export const isAtEnd = (state: ReplayPlayerState) => state.index >= state.length - 1;

export function replayReducer(state: ReplayPlayerState, action: ReplayAction): ReplayPlayerState {
  if (state.length === 0) return state;
  switch (action.type) {
    case 'play':
      // Playing from the end starts over, as a video player does.
      return { ...state, playing: true, index: isAtEnd(state) ? 0 : state.index };
    case 'pause':
      return { ...state, playing: false };
    case 'tick': {
      if (!state.playing) return state;
      const index = clamp(state.index + 1, state.length);
      return { ...state, index, playing: index < state.length - 1 };
    }
    case 'forward':
      return { ...state, playing: false, index: clamp(state.index + 1, state.length) };
    case 'back':
      return { ...state, playing: false, index: clamp(state.index - 1, state.length) };
    case 'seek':
      return { ...state, playing: false, index: clamp(action.index, state.length) };
    case 'speed':
      return { ...state, speed: action.speed };
  }
}

export const stepDelay = (speed: ReplaySpeed): number => REPLAY_STEP_MS / speed;
