/** `npm run docs:realtime`: writes docs/realtime.md from the websocket's schemas (realtime-docs.ts). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REALTIME_DOCS_PATH, renderRealtimeDocs } from './realtime-docs.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
await writeFile(path.join(repositoryRoot, REALTIME_DOCS_PATH), renderRealtimeDocs());
console.log(`wrote ${REALTIME_DOCS_PATH}`);
