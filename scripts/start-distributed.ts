/** `npm run start:distributed` (see distributed/start.ts). */
import './distributed/start.ts';
