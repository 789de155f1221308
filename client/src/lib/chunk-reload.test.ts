import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadOnceAfterChunkError } from './chunk-reload.ts';

describe('chunk-load reload guard', () => {
  it('recognises failed dynamic imports from the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/wallet-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, not again within 10 s, and again after that', () => {
    sessionStorage.clear();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadOnceAfterChunkError({ storage: sessionStorage, now: 100_000, reload })).toBe(true);
    expect(reloadOnceAfterChunkError({ storage: sessionStorage, now: 109_999, reload })).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadOnceAfterChunkError({ storage: sessionStorage, now: 110_000, reload })).toBe(true);
    expect(reloads).toBe(2);
  });
});
