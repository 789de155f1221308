import { eventStoreContract } from './contract.ts';
import { createMemoryEventStore } from './memory.ts';

eventStoreContract('memory', async () => {
  const store = createMemoryEventStore();
  return { store, reopen: async () => store, db: null, close: () => store.close() };
});
