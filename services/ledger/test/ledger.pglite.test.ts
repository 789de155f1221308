import { describe } from 'vitest';
import { ledgerBehaviour } from './ledger-suite.ts';
import { pgliteBackend } from './support.ts';

describe('ledger on the PGlite event store', () => ledgerBehaviour(pgliteBackend));
