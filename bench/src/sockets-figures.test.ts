import { describe, expect, it } from 'vitest';
import { addCounts, parseOpenFilesLimit, pushFigures, socketCapacity, socketLayout } from './sockets-figures.ts';

const LIMITS_TEXT = `Limit                     Soft Limit           Hard Limit           Units
Max processes             unlimited            unlimited            processes
Max open files            1024                 20000                files
Max locked memory         8388608              8388608              bytes
`;

describe('sockets bench figures', () => {
  it('reads the open-files limits of /proc/self/limits', () => {
    expect(parseOpenFilesLimit(LIMITS_TEXT)).toEqual({ soft: 1024, hard: 20000 });
    expect(parseOpenFilesLimit('Max open files            unlimited            unlimited            files')).toBeNull();
  });

  it('gives each user at most perUser sockets and fills the rooms evenly, host first', () => {
    const layout = socketLayout(205, 10, 8);
    expect(layout).toMatchObject({ users: 21, rooms: 3 });
    expect(layout.userOf(0)).toBe(0);
    expect(layout.userOf(9)).toBe(0);
    expect(layout.userOf(204)).toBe(20);
    expect(layout.membersOf(0)).toEqual([0, 3, 6, 9, 12, 15, 18]);
    expect(layout.membersOf(2)).toEqual([2, 5, 8, 11, 14, 17, 20]);
    const everyone = [0, 1, 2].flatMap((r) => layout.membersOf(r)).sort((a, b) => a - b);
    expect(everyone).toEqual(Array.from({ length: 21 }, (_, u) => u));
    for (let u = 0; u < 21; u++) expect(layout.membersOf(layout.roomOf(u))).toContain(u);
  });

  it('leaves the descriptors already open and a reserve out of the sockets it attempts', () => {
    expect(socketCapacity({ soft: 20_000, hard: 20_000 }, 198, 100)).toBe(19_702);
    expect(socketCapacity({ soft: 100, hard: 100 }, 90, 20)).toBe(0);
    expect(socketCapacity(null, 198, 100)).toBe(Number.POSITIVE_INFINITY);
  });

  it('times each socket from its own room’s command and the last one from the first command', () => {
    const sentAt = new Map([
      ['AAAAAA', 1_000],
      ['BBBBBB', 1_010],
    ]);
    const figures = pushFigures(sentAt, { AAAAAA: [1_005, 1_020], BBBBBB: [1_040], CCCCCC: [5_000] }, 2);
    expect(figures).toMatchObject({ received: 3, missing: 2, lastMs: 40 });
    expect(figures.perSocket).toMatchObject({ count: 3, p50Ms: 20, maxMs: 30 });
    expect(figures.roomSpread).toMatchObject({ count: 2, maxMs: 15 });
  });

  it('adds failure counts up by reason', () => {
    expect(addCounts({ 'refused: unauthorized': 1 }, { 'refused: unauthorized': 2, timeout: 1 })).toEqual({
      'refused: unauthorized': 3,
      timeout: 1,
    });
  });
});
