import { describe, expect, it } from 'vitest';
import { createFoldedCache } from './folded-cache.ts';

interface Fold {
  readonly over: boolean;
}

const limits = { inPlay: 3, atRest: 2 };
const cache = () => createFoldedCache<Fold>(limits, (fold) => fold.over);

describe('folded cache', () => {
  it('keeps no more streams at rest than its limit, however many come to rest', () => {
    const folded = cache();
    for (let i = 0; i < 50; i++) {
      folded.set(`m${i}`, { over: false });
      folded.set(`m${i}`, { over: true });
    }
    expect(folded.held()).toEqual({ inPlay: 0, atRest: 2 });
    expect(folded.get('m49')).toEqual({ over: true });
    expect(folded.get('m47')).toBeUndefined();
  });

  it('streams coming to rest do not push out the ones in play', () => {
    const folded = cache();
    folded.set('playing', { over: false });
    for (let i = 0; i < 10; i++) folded.set(`done${i}`, { over: true });
    expect(folded.get('playing')).toEqual({ over: false });
    expect(folded.held()).toEqual({ inPlay: 1, atRest: 2 });
  });

  it('forgets the stream in play stored longest ago once full', () => {
    const folded = cache();
    for (const key of ['a', 'b', 'c']) folded.set(key, { over: false });
    folded.set('a', { over: false }); // stored again: now the latest
    folded.set('d', { over: false });
    expect(folded.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => folded.get(key))).toEqual([{ over: false }, { over: false }, { over: false }]);
  });

  it('a stream at rest that plays again (a rematch) moves back among the ones in play', () => {
    const folded = cache();
    folded.set('room', { over: true });
    folded.set('room', { over: false });
    expect(folded.held()).toEqual({ inPlay: 1, atRest: 0 });
  });
});
