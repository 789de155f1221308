import pg from 'pg';
import { describe } from 'vitest';
import { createScratchDatabase, findTestPostgres } from '../testing/postgres.ts';
import { eventStoreContract } from './contract.ts';
import { createSqlEventStore } from './sql.ts';

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('PostgreSQL', () => {
  eventStoreContract(
    'PostgreSQL (scratch database)',
    async () => {
      const scratch = await createScratchDatabase(serverUrl!);
      const store = await createSqlEventStore(scratch.db);
      return {
        store,
        db: scratch.db,
        reopen: () => createSqlEventStore(scratch.db),
        async rawClient() {
          const client = new pg.Client({ connectionString: scratch.url });
          await client.connect();
          return { query: (text, params) => client.query(text, params as unknown[]), end: () => client.end() };
        },
        async close() {
          await store.close();
          await scratch.drop();
        },
      };
    },
    { concurrentTransactions: true },
  );
});
