import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, findTestPostgres } from '../testing/postgres.ts';
import { openServiceDatabase, type ServiceDatabase } from './service-database.ts';

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)("a service's database", { timeout: 60_000 }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('opens for several processes of one service starting at once (two gateways), its schema made once', async () => {
    for (const schema of ['twins_a', 'twins_b', 'twins_c']) {
      const opened: ServiceDatabase[] = await Promise.all(
        Array.from({ length: 6 }, () => openServiceDatabase({ url: scratch.url, schema, listen: false })),
      );
      const { rows } = await scratch.db.query<{ n: number }>('select count(*)::int as n from pg_namespace where nspname = $1', [schema]);
      expect(rows[0]?.n).toBe(1);
      for (const service of opened) await service.close();
    }
  });
});
