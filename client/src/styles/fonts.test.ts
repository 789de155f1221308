// @vitest-environment node
/**
 * The Ethiopic web font is a subset (build/subset-fonts.sh): a character it lacks shows in whatever system font the
 * phone has, or as a box. Every Ethiopic character the app can show (the client's strings, the Hangman word banks,
 * the servers' texts: game instructions, rejections, quiz questions) must be in each weight's cmap and inside the
 * unicode-range fonts.css gives that file, or the browser never asks the font for it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const repo = (path: string): string => here(`../../../${path}`);

/** The Ethiopic blocks: syllables and punctuation, Supplement, Extended, Extended-A and Extended-B. */
const ETHIOPIC = /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F\u{1E7E0}-\u{1E7FF}]/gu;

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(keep)
    .map((file) => `${dir}/${file}`);
}

const isSource = (file: string) => file.endsWith('.ts') && !file.endsWith('.test.ts');

/** Every file whose text a player may read in Amharic. */
function textFiles(): string[] {
  const services = repo('services');
  return [
    ...filesUnder(here('../locales'), (file) => file.endsWith('.json')),
    ...filesUnder(repo('services/game-engine/src/games/hangman/words'), isSource),
    ...readdirSync(services).flatMap((service) => filesUnder(`${services}/${service}/src`, isSource)),
  ];
}

/** Each Ethiopic character, with the first file it was found in. */
function ethiopicCharacters(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of textFiles())
    for (const [character] of readFileSync(file, 'utf8').matchAll(ETHIOPIC)) if (!found.has(character)) found.set(character, file);
  return found;
}

interface FontFace {
  readonly file: string;
  readonly ranges: readonly (readonly [number, number])[];
}

/** The @font-face rules of fonts.css: each file and its unicode-range (U+030E, U+1200-137F). */
function fontFaces(): FontFace[] {
  const css = readFileSync(here('./fonts.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const file = /url\('\.\/([^']+)'\)/.exec(body!)![1]!;
    const range = /unicode-range:\s*([^;]+);/.exec(body!)![1]!;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from!, 16), parseInt(to!, 16)];
    });
    return { file, ranges };
  });
}

function openFont(file: string): Font {
  const font = create(readFileSync(here(`./${file}`)));
  if (!('characterSet' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

describe('the subset Ethiopic font', () => {
  const characters = ethiopicCharacters();
  const faces = fontFaces();

  it('reads the app’s Ethiopic text and both weights of the font', () => {
    expect(characters.size).toBeGreaterThan(150);
    expect(faces.map((face) => face.file)).toEqual([
      'fonts/noto-sans-ethiopic-amharic-400.woff2',
      'fonts/noto-sans-ethiopic-amharic-700.woff2',
    ]);
  });

  it.each(faces)('$file has a glyph, within its unicode-range, for every Ethiopic character the app shows', ({ file, ranges }) => {
    const covered = new Set(openFont(file).characterSet);
    const missing = [...characters]
      .filter(([character]) => {
        const codePoint = character.codePointAt(0)!;
        return !covered.has(codePoint) || !ranges.some(([from, to]) => codePoint >= from && codePoint <= to);
      })
      .map(([character, where]) => `${character} U+${character.codePointAt(0)!.toString(16).toUpperCase()} (${where})`);
    expect(missing).toEqual([]);
  });
});
