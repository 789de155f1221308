import { describe } from 'vitest';
import { ledgerBehaviour } from './ledger-suite.ts';
import { memoryBackend } from './support.ts';

describe('ledger on the memory store (read model on PGlite)', () => ledgerBehaviour(memoryBackend));
