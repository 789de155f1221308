import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from './memory.ts';
import { START } from './port.ts';
import { readPages } from './read-pages.ts';
import { uuidFrom } from '../uuid.ts';

describe('readPages', () => {
  it('reads every event once, in commit order, in pages of at most the size asked, the last page short', async () => {
    const store = createMemoryEventStore();
    for (let i = 0; i < 7; i += 1)
      await store.append([
        {
          streamId: `s-${i % 3}`,
          streamType: 's',
          expectedVersion: 'any',
          events: [{ eventId: uuidFrom('read-pages', String(i)), type: 'Noted', data: { i } }],
        },
      ]);
    const pages: number[][] = [];
    for await (const page of readPages(store, START, 3)) pages.push(page.map((event) => event.data.i as number));
    expect(pages).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('reads nothing from an empty store', async () => {
    const pages = [];
    for await (const page of readPages(createMemoryEventStore(), START, 3)) pages.push(page);
    expect(pages).toEqual([]);
  });
});
