import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;

/**
 * Architecture boundaries (eslint-plugin-boundaries), checked on import, export-from and import() specifiers.
 * Another package is reached only through a public entry: a key of its package.json "exports", read here so the
 * rule follows the exports. Beyond that:
 * - client/src may import from the backend only `@qal/events/contracts` (browser-safe protocol and views);
 * - a service imports no other service, except that the gateway, which composes the embedded mode, imports the
 *   public entries of the ledger, the game engine and the leaderboard (and see LEADERBOARD_USES_CATALOGUE);
 *   a service's own tests may compose other services through their public entries as well;
 * - events/ imports no `@qal/*` package;
 * - client features never import each other: client/src/features/<A>/ from client/src/features/<B>/, where a
 *   game under features/games/<slug>/ is a feature of its own and the files directly in features/games/ are
 *   feature `games`; client/src/app may import any feature; shared code lives in components, lib, hooks, config.
 * tests/lint/boundaries.test.ts shows each of these firing.
 */
const workspaces = ['events', ...readdirSync(path.join(root, 'services')).map((name) => `services/${name}`)];
const packages = workspaces.map((dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')));
const publicEntries = packages.flatMap((pkg) => Object.keys(pkg.exports ?? {}).map((key) => pkg.name + key.slice(1)));
const serviceNames = packages.map((pkg) => pkg.name).filter((name) => name !== '@qal/events');
const otherServices = (own) => serviceNames.filter((name) => name !== `@qal/${own}`).flatMap((name) => [name, `${name}/**`]);
/**
 * The leaderboard ranks and levels games by the game catalogue (slugs, rules, levels), pure data that the engine
 * package exports on its main entry. Until the catalogue moves to a package of its own, that one import is allowed.
 */
const LEADERBOARD_USES_CATALOGUE = '@qal/game-engine';
const fromService = (name) => ({ element: { type: 'service', captured: { service: name } } });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.cache/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**', '**/cli.ts', '**/scripts/**', '**/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/legacy-templates': false,
      'boundaries/flag-as-external': { customSourcePatterns: ['@qal/**'] },
      'boundaries/elements': [
        { type: 'events', pattern: 'events', partialMatch: false },
        { type: 'service', pattern: 'services/*', partialMatch: false, capture: ['service'] },
        { type: 'client-app', pattern: 'client/src/app', partialMatch: false },
        { type: 'client-game', pattern: 'client/src/features/games/*', partialMatch: false, capture: ['game'] },
        { type: 'client-feature', pattern: 'client/src/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'client-shared', pattern: 'client/src', partialMatch: false },
        // Known, so the public-entry policy applies to them too.
        { type: 'tooling', pattern: ['tests', 'bench', 'scripts', 'tools', 'client'], partialMatch: false },
      ],
      'boundaries/files': [{ category: 'test', pattern: ['services/*/test/**/*', 'services/*/src/**/*.test.ts'] }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true,
          policies: [
            {
              disallow: { dependency: { source: '@qal/**' } },
              message: '{{ dependency.source }} is not a public entry of its package (its package.json "exports")',
            },
            { allow: { dependency: { source: publicEntries } } },
            {
              from: { element: { type: 'events' } },
              disallow: [{ dependency: { source: '@qal/**' } }, { to: { element: { type: ['service', 'client-*'] } } }],
              message: 'events/ is the bottom layer: it imports no other package of this repository ({{ dependency.source }})',
            },
            {
              from: { element: { type: 'client-*' } },
              disallow: [{ dependency: { source: '@qal/**' } }, { to: { element: { type: ['events', 'service'] } } }],
              message: 'client code may import from the backend only @qal/events/contracts, not {{ dependency.source }}',
            },
            { from: { element: { type: 'client-*' } }, allow: { dependency: { source: '@qal/events/contracts' } } },
            ...serviceNames
              .filter((name) => name !== '@qal/gateway')
              .map((name) => name.slice('@qal/'.length))
              .map((name) => ({
                from: fromService(name),
                disallow: [
                  { dependency: { source: otherServices(name) } },
                  { to: { element: { type: 'service', captured: { service: `!${name}` } } } },
                ],
                message: `a service other than the gateway imports no other service (only @qal/events): {{ dependency.source }}`,
              })),
            {
              from: { element: { type: 'service', captured: { service: 'gateway' } } },
              disallow: { to: { element: { type: 'service', captured: { service: '!gateway' } } } },
              message: 'the gateway reaches another service only through its package name and public entry, not {{ dependency.source }}',
            },
            {
              from: { element: { type: 'service' } },
              disallow: { to: { element: { type: ['events', 'client-*'] } } },
              message: 'a service reaches events/ only through @qal/events and never the client ({{ dependency.source }})',
            },
            {
              from: { element: { type: 'service' }, file: { categories: 'test' } },
              allow: { dependency: { source: publicEntries } },
            },
            {
              from: fromService('leaderboard'),
              allow: { dependency: { source: LEADERBOARD_USES_CATALOGUE } },
            },
            {
              from: { element: { type: 'client-feature' } },
              disallow: [
                { to: { element: { type: 'client-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
                { to: { element: { type: 'client-game' } } },
              ],
              message:
                'client features do not import each other: move what both need to components, lib, hooks or config ({{ dependency.source }})',
            },
            {
              from: { element: { type: 'client-game' } },
              disallow: [
                { to: { element: { type: 'client-game', captured: { game: '!{{ from.element.captured.game }}' } } } },
                { to: { element: { type: 'client-feature' } } },
              ],
              message:
                'client features do not import each other: move what both need to components, lib, hooks or config ({{ dependency.source }})',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
