/**
 * Holds every Amharic string a player reads to docs/amharic-glossary.md: none of the forms its "Forms to avoid" table
 * lists may appear in the client's Amharic locale strings, the gateway's and the games' rejection texts, or the game
 * texts (titles, descriptions, instructions, rule tables, Crazy's terms).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CRAZY_TERMS, SUIT_NAMES } from '../games/crazy/messages.en-am.ts';
import { GAME_MODULES } from '../games/registry.ts';
import { LETTER_REJECTIONS, SHARED_GAME_REJECTIONS } from '../games/rejections.ts';
import { fullCatalogue } from './catalogue.ts';
import { HOME_CATEGORIES } from './categories.ts';
import { GAME_SLUGS } from './games.ts';
import { ruleTable } from './rule-tables.ts';

const repo = (path: string): string => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

interface AvoidRow {
  readonly concept: string;
  readonly use: string;
  readonly avoid: readonly string[];
}

/** The rows between the glossary-avoid markers: | Concept | Use | Avoid | with the forms separated by ", ". */
export function parseAvoidTable(markdown: string): AvoidRow[] {
  const block = /<!-- glossary-avoid:start -->([\s\S]*?)<!-- glossary-avoid:end -->/.exec(markdown)?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter(([concept]) => concept !== 'Concept' && !/^-+$/.test(concept ?? ''))
    .map(([concept = '', use = '', avoid = '']) => ({
      concept,
      use,
      avoid: avoid
        .split(', ')
        .map((form) => form.trim())
        .filter(Boolean),
    }));
}

/** A fidel (or Ethiopic combining mark): what a word is made of. Punctuation (፡ ። ፣ …) separates words. */
const FIDEL = '\\u1200-\\u135F';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The prepositions Amharic writes joined to the next word (የእድል, በአይነቱ): a form is also found behind them. */
const CLITIC = '(?:የ|በ|ለ|ከ|እንደ|ስለ|እስከ)?';
const hex = (codePoint: number) => `\\u{${codePoint.toString(16)}}`;

/**
 * A form as a whole word, also behind a joined preposition. `stem*` is a stem: its last fidel in any of its family's orders (the Ethiopic block has one
 * row of 8 code points per consonant), then any further fidel, so `እድል*` matches እድሉ and እድሎች.
 */
export function avoidPattern(form: string): RegExp {
  if (!form.endsWith('*')) return new RegExp(`(?<![${FIDEL}])${CLITIC}${escape(form)}(?![${FIDEL}])`, 'u');
  const stem = [...form.slice(0, -1)];
  const last = stem.pop()!.codePointAt(0)!;
  const row = last - ((last - 0x1200) % 8);
  return new RegExp(`(?<![${FIDEL}])${CLITIC}${escape(stem.join(''))}[${hex(row)}-${hex(row + 7)}][${FIDEL}]*`, 'u');
}

/** Every string of a JSON value, by its dotted key. */
function flatten(value: unknown, prefix: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([prefix, value]);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

function clientStrings(): [string, string][] {
  const dir = repo('client/src/locales/am');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) => flatten(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')), `client am/${file}:`));
}

/** The gateway's table is read as source (the engine does not depend on the gateway): every `am: '…'` literal. */
function gatewayStrings(): [string, string][] {
  const source = readFileSync(repo('services/gateway/src/http/rejections.ts'), 'utf8');
  return [...source.matchAll(/\bam:\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((m, i) => [`gateway rejections #${i + 1}`, m[2]!]);
}

function engineStrings(): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of fullCatalogue()) {
    out.push([`${entry.slug} title`, entry.title.am], [`${entry.slug} description`, entry.description.am]);
    out.push([`${entry.slug} instructions`, entry.instructions.am], [`${entry.slug} category`, entry.categoryLabel.am]);
  }
  for (const { id, label } of HOME_CATEGORIES) out.push([`category ${id}`, label.am]);
  for (const slug of GAME_SLUGS) for (const line of ruleTable(slug) ?? []) out.push([`${slug} rule ${line.id}`, line.text.am]);
  for (const module of GAME_MODULES)
    for (const [name, text] of Object.entries(module.rejections)) out.push([`${module.id} rejection ${name}`, text.am]);
  for (const [name, text] of Object.entries({ ...SHARED_GAME_REJECTIONS, ...LETTER_REJECTIONS }))
    out.push([`shared rejection ${name}`, text.am]);
  for (const [name, text] of Object.entries({ ...CRAZY_TERMS, ...SUIT_NAMES })) out.push([`crazy term ${name}`, text.am]);
  return out;
}

const rows = parseAvoidTable(readFileSync(repo('docs/amharic-glossary.md'), 'utf8'));

describe('the Amharic glossary (docs/amharic-glossary.md)', () => {
  it('has a table of forms to avoid, each row with the word to use', () => {
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) {
      expect(row.use, row.concept).not.toBe('');
      expect(row.avoid.length, row.concept).toBeGreaterThan(0);
    }
    expect(rows.find((row) => row.concept === 'cancel')).toEqual({ concept: 'cancel', use: 'ይቅር', avoid: ['ተው'] });
  });

  it('matches a form as a whole word, or as the start of one when it ends in *', () => {
    expect(avoidPattern('ተው').test('ተው')).toBe(true);
    expect(avoidPattern('ተው').test('«ተው»፣ አዎ')).toBe(true);
    expect(avoidPattern('ተው').test('ባዶ ከተዉት ተውኔት')).toBe(false);
    for (const text of ['ሁለት ተጨዋቾች', 'ተጨዋቹ ወጥቷል', 'አንድ ተጨዋችም']) expect(avoidPattern('ተጨዋች*').test(text), text).toBe(true);
    expect(avoidPattern('ተጨዋች*').test('ሁለት ተጫዋቾች')).toBe(false);
    expect(avoidPattern('እድል*').test('እድሎች ቀርተዋል')).toBe(true);
    expect(avoidPattern('እድል*').test('የእድል ቅደም ተከተል')).toBe(true);
    expect(avoidPattern('አይነት*').test('በአይነቱ')).toBe(true);
    expect(avoidPattern('ቦርሳ*').test('ዋሌትዎ')).toBe(false);
    expect(avoidPattern('ይውጡ?').test('ከጨዋታው ይውጡ? የመግቢያ')).toBe(true);
  });

  const strings: [string, string][] = [...clientStrings(), ...gatewayStrings(), ...engineStrings()];

  it('reads the client, gateway and engine strings', () => {
    expect(strings.length).toBeGreaterThan(700);
    expect(strings.some(([where]) => where.startsWith('gateway'))).toBe(true);
  });

  it('finds none of the forms to avoid in any Amharic string a player reads', () => {
    const found = rows.flatMap((row) =>
      row.avoid.flatMap((form) => {
        const pattern = avoidPattern(form);
        return strings.filter(([, text]) => pattern.test(text)).map(([where, text]) => `${where} «${text}»: ${form} → ${row.use}`);
      }),
    );
    expect(found).toEqual([]);
  });
});
