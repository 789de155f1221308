import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY } from '../config/constants.ts';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

type GuardDeps = { storage: Pick<Storage, 'getItem' | 'setItem'>; now: number; reload: () => void };

/**
 * After a new deploy, old chunk names vanish: reload once to get the new build, but never again
 * within 10 s, so a chunk that is truly broken shows the error page instead of a reload loop.
 * Returns true when a reload was started.
 */
export function reloadOnceAfterChunkError({ storage, now, reload }: GuardDeps): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)) || 0;
  } catch {
    return false;
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

export function reloadForChunkError(): boolean {
  return reloadOnceAfterChunkError({
    storage: sessionStorage,
    now: Date.now(),
    reload: () => window.location.reload(),
  });
}
