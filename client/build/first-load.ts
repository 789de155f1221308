/**
 * What a first visit's page needs beyond the entry, asked for while the entry still downloads.
 *
 * Left alone, a first visit is a staircase: the entry must arrive and run before the router asks for the page's code
 * and translations, and a game's page waits for the game registry first. On a slow phone network each step is a
 * round trip or more. This plugin writes into index.html, as a JSON data block (not a script, so the CSP is
 * unaffected), the files of the pages a visit usually starts on; public/theme-init.js, which runs before the entry,
 * preloads the ones of the page it is on in that page's language, with the `common` texts and, in Amharic, the
 * Ethiopic font.
 *
 * The pages: the home page, the sign-in page and each single-player game at `/<path>`, read from the game folders'
 * game.ts (its `play` page and its `namespaces`), with or without `/am`. Any other page loads as it always did: a
 * list out of date only costs that head start.
 *
 * A page's first API reads are asked for the same way (PAGE_READS): their answers come back while the code still
 * downloads, instead of a round trip after it has run; the browser hands a preloaded answer to the page's own fetch.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { API_BASE, LOCALES } from '../src/config/constants.ts';

/** The id of the data block theme-init.js reads. */
const PLAN_ELEMENT_ID = 'qal-first-load';
/**
 * The Ethiopic font face of src/styles/fonts.css preloaded on an Amharic page: the regular weight, which most of its
 * text (and its largest block) is set in. The bold face is left to the style sheet: preloaded too, it took a slow
 * network's bandwidth from the page's own code and delayed the first full paint; bold text shows in a system font
 * until it arrives (swap).
 */
const ETHIOPIC_FONT_FILES = ['noto-sans-ethiopic-amharic-400.woff2'];

interface FirstPage {
  /** The page's path after the optional `/am`: '' for the home page, else one segment. */
  readonly segment: string;
  /** Source files (from client/) whose chunks the page's route loads. */
  readonly modules: readonly string[];
  /** The translations its route loads with it. */
  readonly namespaces: readonly string[];
}

/** The pages of app/routes.tsx a visit usually starts on, besides the games. */
const PAGES: readonly FirstPage[] = [
  { segment: '', modules: ['src/features/home/home-page.tsx'], namespaces: ['games'] },
  { segment: 'login', modules: ['src/features/auth/login-page.tsx'], namespaces: ['auth'] },
];

/**
 * The API reads a page makes as it mounts, by page segment: public GETs whose answer is the same in every language and
 * for every player (the server reads neither a language nor a session for them), so one preload serves any visitor.
 */
const PAGE_READS: Readonly<Record<string, readonly string[]>> = {
  '': ['/games'],
  hangman: ['/games/hangman/options', '/games'],
};

const PLAY = /\bplay:\s*\{\s*path:\s*'([^']+)',\s*load:\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)/;
const NAMESPACES = /namespaces:\s*\[([^\]]*)\]/;

/** Each single-player game's page, from its game.ts; a game.ts with a `play` this cannot read fails the build. */
export function gamePages(clientRoot: string): FirstPage[] {
  const gamesDir = path.join(clientRoot, 'src/features/games');
  const pages: FirstPage[] = [];
  for (const slug of readdirSync(gamesDir)) {
    let source: string;
    try {
      source = readFileSync(path.join(gamesDir, slug, 'game.ts'), 'utf8');
    } catch {
      continue; // a shared folder, not a game
    }
    if (!/\bplay:/.test(source)) continue; // a game played in rooms only
    const play = PLAY.exec(source);
    const namespaces = NAMESPACES.exec(source);
    if (!play?.[1] || !play[2] || !namespaces?.[1])
      throw new Error(`first-load: cannot read the play page of src/features/games/${slug}/game.ts`);
    pages.push({
      segment: play[1],
      modules: ['src/app/game-registry.ts', `src/features/games/${slug}/${play[2]}`],
      namespaces: [...namespaces[1].matchAll(/'([^']+)'/g)].map((m) => m[1] ?? ''),
    });
  }
  return pages;
}

export interface FirstLoadPlan {
  /** The site's base path; the files' names follow it. */
  readonly base: string;
  /** Per language: what every page needs (the `common` texts, the font). */
  readonly always: Readonly<Record<string, readonly string[]>>;
  /** Per page segment: its code and styles, the namespaces of its texts, and the API addresses it reads first. */
  readonly pages: Readonly<
    Record<string, { readonly files: readonly string[]; readonly namespaces: readonly string[]; readonly reads: readonly string[] }>
  >;
  /** Per language and namespace: the file of its texts. */
  readonly namespaces: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

type Chunk = Rolldown.OutputChunk;

/** The chunks of a bundle, with what a page's HTML loads already: the chunks it names and what they import. */
function chunkIndex(bundle: Rolldown.OutputBundle, html: string, base: string) {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const inHtml = (fileName: string) => html.includes(`"${base}${fileName}"`);
  /** `chunk` and every chunk it imports statically, depth first, each once, stopping at `skip`. */
  const closure = (chunk: Chunk, into: Set<string>, skip: (fileName: string) => boolean) => {
    if (skip(chunk.fileName) || into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!inHtml(css)) into.add(css);
    for (const imported of chunk.imports) {
      const next = byFileName.get(imported);
      if (next) closure(next, into, skip);
    }
  };
  const loadedByHtml = new Set<string>();
  for (const chunk of chunks) if (inHtml(chunk.fileName)) closure(chunk, loadedByHtml, () => false);
  return {
    /** The chunk of a source file (from client/): the one it is the entry of, else the one it is bundled in. */
    of(clientRoot: string, file: string): Chunk | undefined {
      const id = path.join(clientRoot, file);
      return chunks.find((chunk) => chunk.facadeModuleId === id) ?? chunks.find((chunk) => chunk.moduleIds.includes(id));
    },
    /** What loading `chunk` fetches beyond what the HTML loads: its file, its imports', and their styles. */
    addLoad(chunk: Chunk, into: Set<string>) {
      closure(chunk, into, (fileName) => loadedByHtml.has(fileName));
    },
  };
}

/**
 * The plan from the finished bundle and the page's HTML: files named as in the output folder, less those the HTML
 * loads already (the entry and what it imports).
 */
export function firstLoadPlan(
  bundle: Rolldown.OutputBundle,
  html: string,
  options: { clientRoot: string; base: string; pages: readonly FirstPage[] },
): FirstLoadPlan {
  const { clientRoot, base, pages } = options;
  const chunks = chunkIndex(bundle, html, base);

  const namespaces: Record<string, Record<string, string>> = {};
  for (const locale of LOCALES) {
    namespaces[locale] = {};
    for (const file of readdirSync(path.join(clientRoot, 'src/locales', locale))) {
      const chunk = file.endsWith('.json') ? chunks.of(clientRoot, `src/locales/${locale}/${file}`) : undefined;
      if (chunk) namespaces[locale][file.replace(/\.json$/, '')] = chunk.fileName;
    }
  }

  const fonts = ETHIOPIC_FONT_FILES.map((name) => {
    const font = Object.values(bundle).find((output) => output.type === 'asset' && output.names.includes(name));
    if (!font) throw new Error(`first-load: the build has no ${name} (src/styles/fonts.css)`);
    return font.fileName;
  });
  const always: Record<string, string[]> = {};
  for (const locale of LOCALES) {
    const common = namespaces[locale]?.common;
    always[locale] = [...(common ? [common] : []), ...(locale === 'am' ? fonts : [])];
  }

  const pagePlans: Record<string, { files: string[]; namespaces: readonly string[]; reads: string[] }> = {};
  for (const page of pages) {
    const files = new Set<string>();
    for (const module of page.modules) {
      const chunk = chunks.of(clientRoot, module);
      if (!chunk) throw new Error(`first-load: no chunk holds ${module} (the ${page.segment || 'home'} page)`);
      chunks.addLoad(chunk, files);
    }
    const reads = (PAGE_READS[page.segment] ?? []).map((read) => `${API_BASE}${read}`);
    pagePlans[page.segment] = { files: [...files], namespaces: page.namespaces, reads };
  }
  return { base, always, pages: pagePlans, namespaces };
}

export function firstLoadPreloads(): Plugin {
  let clientRoot = '';
  let base = '/';
  return {
    name: 'qal-first-load',
    apply: 'build',
    configResolved(config) {
      clientRoot = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context): HtmlTagDescriptor[] | undefined {
        if (!context.bundle) return undefined;
        const plan = firstLoadPlan(context.bundle, html, { clientRoot, base, pages: [...PAGES, ...gamePages(clientRoot)] });
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: PLAN_ELEMENT_ID },
            // `<` cannot end the block early: no file name has one, but JSON in HTML is escaped all the same.
            children: JSON.stringify(plan).replace(/</g, '\\u003c'),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
