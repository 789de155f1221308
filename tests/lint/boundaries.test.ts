import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture boundaries of eslint.config.js (boundaries/dependencies), shown on deliberate violations and on
 * the imports they allow. The code is linted as if it were at `filePath` (no file is written); relative imports are
 * resolved on disk, so the feature cases import files that exist, found when the test runs.
 */
const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const RULE = 'boundaries/dependencies';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(repoRoot, filePath) });
  expect(result, `${filePath} was linted`).toBeDefined();
  const messages = result?.messages ?? [];
  const fatal = messages.filter((message) => message.fatal);
  expect(fatal, `${filePath} parsed`).toEqual([]);
  return messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const expectViolation = async (filePath: string, code: string) => expect(await boundaryErrors(filePath, code)).toHaveLength(1);
const expectAllowed = async (filePath: string, code: string) => expect(await boundaryErrors(filePath, code)).toEqual([]);

/** The first source file (not a test) directly in a folder of the repository, or null. */
function sourceFileIn(dir: string): string | null {
  const full = path.join(repoRoot, dir);
  if (!existsSync(full)) return null;
  const file = readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => entry.name)
    .sort()[0];
  return file ? `${dir}/${file}` : null;
}

/** Folders under client/src/features/<dir> that hold a source file of their own: [folder, that file]. */
function featureFolders(dir: string): [string, string][] {
  const full = path.join(repoRoot, 'client/src/features', dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.posix.join('client/src/features', dir, entry.name))
    .flatMap((folder): [string, string][] => {
      const file = sourceFileIn(folder);
      return file ? [[folder, file]] : [];
    });
}

/** The specifier of `target` as imported from a file in `fromDir` (both relative to the repository root). */
const relativeImport = (fromDir: string, target: string) => {
  const specifier = path.posix.relative(fromDir, target);
  return specifier.startsWith('.') ? specifier : `./${specifier}`;
};

describe('client code reaches the backend only through @qal/events/contracts', () => {
  const file = 'client/src/lib/boundary-probe.ts';

  it('flags a service package, the events main entry and a deep import', async () => {
    await expectViolation(file, "import { hangman } from '@qal/game-engine';");
    await expectViolation(file, "import type { Ledger } from '@qal/ledger';");
    await expectViolation(file, "import { newUuid } from '@qal/events';");
    await expectViolation(file, "import { WS_PATH } from '@qal/events/contracts/ws.ts';");
    await expectViolation('client/src/features/stats/boundary-probe.tsx', "const rules = await import('@qal/game-engine');");
  });

  it('flags a relative path into the backend', async () => {
    await expectViolation(file, `import { newUuid } from '${relativeImport('client/src/lib', 'events/src/uuid.ts')}';`);
  });

  it('allows @qal/events/contracts and its own code', async () => {
    await expectAllowed(file, "import type { WalletView } from '@qal/events/contracts';");
    await expectAllowed(file, "import { z } from 'zod';");
  });
});

describe('a service reaches another package only through its public entries', () => {
  it('flags a gateway file deep-importing the ledger', async () => {
    await expectViolation('services/gateway/src/boundary-probe.ts', "import { decideTransfer } from '@qal/ledger/core/decide.ts';");
  });

  it('flags a relative path into another service', async () => {
    await expectViolation(
      'services/gateway/src/boundary-probe.ts',
      `import { decideTransfer } from '${relativeImport('services/gateway/src', 'services/ledger/src/core/decide.ts')}';`,
    );
  });

  it('allows the gateway the public entries of the services it composes', async () => {
    await expectAllowed(
      'services/gateway/src/boundary-probe.ts',
      [
        "import { createLedger } from '@qal/ledger';",
        "import { hangman } from '@qal/game-engine';",
        "import { createLeaderboard } from '@qal/leaderboard';",
      ].join('\n'),
    );
  });

  it('flags an entry that package.json does not export, anywhere', async () => {
    await expectViolation('bench/src/boundary-probe.ts', "import { createScratchDatabase } from '@qal/events/testing/postgres.ts';");
    await expectAllowed('bench/src/boundary-probe.ts', "import { createScratchDatabase } from '@qal/events/testing';");
  });
});

describe('services other than the gateway import no other service', () => {
  it('flags a ledger file importing the game engine', async () => {
    await expectViolation('services/ledger/src/boundary-probe.ts', "import { hangman } from '@qal/game-engine';");
  });

  it('flags the engine importing the ledger, and the leaderboard importing the ledger or the gateway', async () => {
    await expectViolation('services/game-engine/src/boundary-probe.ts', "import { createLedger } from '@qal/ledger';");
    await expectViolation('services/leaderboard/src/boundary-probe.ts', "import { createLedger } from '@qal/ledger';");
    await expectViolation('services/leaderboard/src/boundary-probe.ts', "import { loadConfig } from '@qal/gateway';");
  });

  it('allows @qal/events', async () => {
    await expectAllowed('services/ledger/src/boundary-probe.ts', "import { newUuid, type EventStore } from '@qal/events';");
  });

  it('allows the leaderboard the game catalogue (the engine main entry), and nothing deeper', async () => {
    await expectAllowed('services/leaderboard/src/boundary-probe.ts', "import { GAME_SLUGS } from '@qal/game-engine';");
    await expectViolation('services/leaderboard/src/boundary-probe.ts', "import { x } from '@qal/game-engine/catalogue/index.ts';");
  });

  it("allows a service's own tests to compose other services through their public entries only", async () => {
    await expectAllowed('services/game-engine/test/boundary-probe.ts', "import { createLedger } from '@qal/ledger';");
    await expectViolation('services/game-engine/test/boundary-probe.ts', "import { decideTransfer } from '@qal/ledger/core/decide.ts';");
  });
});

describe('events/ imports no package of the repository', () => {
  it('flags @qal/* from events/', async () => {
    await expectViolation('events/src/boundary-probe.ts', "import { createLedger } from '@qal/ledger';");
    await expectViolation('events/src/boundary-probe.ts', "import { WalletView } from '@qal/events/contracts';");
  });

  it('allows its own files and third-party packages', async () => {
    await expectAllowed('events/src/boundary-probe.ts', "import { newUuid } from './uuid.ts';\nimport { z } from 'zod';");
  });
});

describe('client features do not import each other', () => {
  const features = featureFolders('').filter(([folder]) => !folder.endsWith('/games'));
  const games = featureFolders('games');

  it('has features to check', () => {
    expect(features.length).toBeGreaterThanOrEqual(2);
  });

  it('flags a feature importing another feature', async () => {
    const [[a], [, bFile]] = features as [[string, string], [string, string]];
    await expectViolation(`${a}/boundary-probe.tsx`, `import * as other from '${relativeImport(a, bFile)}';`);
  });

  it('allows a feature its own files and the shared folders; allows the app any feature', async () => {
    const [[a, aFile]] = features as [[string, string]];
    await expectAllowed(`${a}/boundary-probe.tsx`, `import * as own from '${relativeImport(a, aFile)}';`);
    const shared = ['client/src/lib', 'client/src/components', 'client/src/hooks', 'client/src/config'].map(sourceFileIn).find(Boolean);
    expect(shared, 'a shared client file').toBeTruthy();
    await expectAllowed(`${a}/boundary-probe.tsx`, `import * as shared from '${relativeImport(a, shared as string)}';`);
    for (const [, file] of [...features, ...games]) {
      await expectAllowed('client/src/app/boundary-probe.tsx', `import * as feature from '${relativeImport('client/src/app', file)}';`);
    }
  });

  it('treats each game under features/games/ as a feature of its own', async () => {
    if (games.length === 0) return;
    const [[game, gameFile]] = games as [[string, string]];
    const [[feature, featureFile]] = features as [[string, string]];
    await expectViolation(`${feature}/boundary-probe.tsx`, `import * as game from '${relativeImport(feature, gameFile)}';`);
    await expectViolation(`${game}/boundary-probe.tsx`, `import * as other from '${relativeImport(game, featureFile)}';`);
    await expectAllowed(`${game}/boundary-probe.tsx`, `import * as own from '${relativeImport(game, gameFile)}';`);
    await expectViolation(
      'client/src/features/games/boundary-probe.tsx',
      `import * as game from '${relativeImport('client/src/features/games', gameFile)}';`,
    );
    if (games.length >= 2) {
      const [, [, otherGameFile]] = games as [[string, string], [string, string]];
      await expectViolation(`${game}/boundary-probe.tsx`, `import * as other from '${relativeImport(game, otherGameFile)}';`);
    }
  });
});
