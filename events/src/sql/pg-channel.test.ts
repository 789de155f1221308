import { describe, expect, it } from 'vitest';
import { findTestPostgres } from '../testing/postgres.ts';
import { openPgChannel } from './pg-channel.ts';

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('a PostgreSQL channel between processes', () => {
  it('delivers what one side publishes to every side listening, itself included, until it is closed', async () => {
    const name = `qal_test_${process.pid}_${Date.now() % 1_000_000}`;
    const [first, second] = await Promise.all([openPgChannel(serverUrl!, name), openPgChannel(serverUrl!, name)]);
    try {
      const heard = { first: [] as string[], second: [] as string[] };
      first.subscribe((payload) => heard.first.push(payload));
      const stopSecond = second.subscribe((payload) => heard.second.push(payload));
      await first.publish('a1b2');
      await expect.poll(() => heard).toEqual({ first: ['a1b2'], second: ['a1b2'] });
      stopSecond();
      await second.publish('c3d4');
      await expect.poll(() => heard.first).toEqual(['a1b2', 'c3d4']);
      expect(heard.second).toEqual(['a1b2']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(openPgChannel(serverUrl!, 'qal; drop table x')).rejects.toThrow(/invalid channel name/);
  });
});
