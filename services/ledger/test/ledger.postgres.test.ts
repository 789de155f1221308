import { describe } from 'vitest';
import { findTestPostgres } from '@qal/events/testing';
import { ledgerBehaviour } from './ledger-suite.ts';
import { postgresBackend } from './support.ts';

const url = await findTestPostgres();

describe.skipIf(!url)('ledger on the PostgreSQL event store', () => ledgerBehaviour(postgresBackend(url!)));
