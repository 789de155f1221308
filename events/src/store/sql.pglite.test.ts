import { openPgliteDatabase } from '../sql/pglite.ts';
import { eventStoreContract } from './contract.ts';
import { createSqlEventStore } from './sql.ts';

eventStoreContract('PGlite (in memory)', async () => {
  const db = await openPgliteDatabase();
  const store = await createSqlEventStore(db);
  return {
    store,
    db,
    reopen: () => createSqlEventStore(db),
    async close() {
      await store.close();
      await db.close();
    },
  };
});
