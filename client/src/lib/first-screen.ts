import { apiRequestsInFlight, onApiRequestsSettled } from './api-client.ts';

/**
 * What the first screen does not need (the service worker, the web app manifest, the code of a page's next step)
 * waits until that screen is drawn. On a phone's slow network each early request takes one of the six connections a
 * browser opens to the server, and a share of the bandwidth, from the page's own files and data; asked for later,
 * they cost the first screen nothing.
 *
 * Drawn: the first page is committed (app/locale-layout.tsx says so), the API answers asked for meanwhile have
 * arrived, and a frame has been painted since. The load event alone comes too early: the router draws the page after
 * it, and the page's data comes later still.
 */

/**
 * However the page goes (an error before the router draws, an answer that never comes, a tab in the background), the
 * work starts at the latest this long after the load event.
 */
export const MAX_WAIT_AFTER_LOAD_MS = 5_000;

export interface FirstScreenDeps {
  readonly requestsInFlight: () => number;
  readonly onRequestsSettled: (listener: () => void) => void;
  /** Calls back once what the page renders next (the answers just in) is on screen: the next frame is painted. */
  readonly afterNextPaint: (callback: () => void) => void;
  /** Calls back `delayMs` after the page's load event. */
  readonly afterLoad: (callback: () => void, delayMs: number) => void;
}

export interface FirstScreen {
  /** Runs `task` once the first screen is drawn; at once when it already is. */
  after(task: () => void): void;
  /** The first page (not the loading skeleton) is committed. */
  pageCommitted(): void;
}

export function createFirstScreen(deps: FirstScreenDeps): FirstScreen {
  const waiting: Array<() => void> = [];
  let committed = false;
  let drawn = false;
  const release = () => {
    if (drawn) return;
    drawn = true;
    for (const task of waiting.splice(0)) task();
  };
  const check = () => {
    if (drawn || !committed || deps.requestsInFlight() > 0) return;
    // A request started meanwhile (a page asking for more once its first answer is in) is waited for too.
    deps.afterNextPaint(() => {
      if (deps.requestsInFlight() === 0) release();
    });
  };
  deps.onRequestsSettled(check);
  deps.afterLoad(release, MAX_WAIT_AFTER_LOAD_MS);
  return {
    after(task) {
      if (drawn) task();
      else waiting.push(task);
    },
    pageCommitted() {
      committed = true;
      check();
    },
  };
}

const firstScreen = createFirstScreen({
  requestsInFlight: apiRequestsInFlight,
  onRequestsSettled: onApiRequestsSettled,
  // The timer lets React render what the answers changed (it scheduled that render before); the frame after next
  // begins once the frame showing it is on screen.
  afterNextPaint: (callback) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => callback())), 0),
  afterLoad: (callback, delayMs) => {
    if (document.readyState === 'complete') setTimeout(callback, delayMs);
    else window.addEventListener('load', () => setTimeout(callback, delayMs), { once: true });
  },
});

export const afterFirstScreen = (task: () => void) => firstScreen.after(task);
export const firstPageCommitted = () => firstScreen.pageCommitted();
