/**
 * A player's or a room's name is whatever someone typed, often in Latin letters: an Amharic affix written onto it
 * ("የSara", "Abebeን", "በ{{target}}") reads as a broken word. docs/amharic-glossary.md ("Other players") puts the name
 * after a colon or before a separate word instead; this holds the client's Amharic strings and the servers' Amharic
 * texts to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = (path: string): string => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

/** A fidel or combining mark: a letter an affix is made of. The Ethiopic punctuation (። ፣ ፦, U+1360…) is not. */
const FIDEL = '[\\u1200-\\u135F]';

/** The client's placeholders that carry a name someone typed (a player's, a room's). */
const CLIENT_NAME_PLACEHOLDER = '\\{\\{\\s*(?:name|names|username|target|player|opponent|winner|host)\\s*(?:,[^}]*)?\\}\\}';
const clientGlued = new RegExp(`${FIDEL}${CLIENT_NAME_PLACEHOLDER}|${CLIENT_NAME_PLACEHOLDER}${FIDEL}`, 'u');

/**
 * In server source, `${…}` whose expression names a person or a room (name, user, player, …). An expression ending
 * in `.am` is already an Amharic word (a level's name), which takes an affix like any other word; a SCREAMING_CASE
 * constant is a named limit (a number).
 */
const SERVER_PLACEHOLDER = /\$\{([^{}]*)\}/gu;
const NAME_EXPRESSION = /name|user|player|target|opponent|winner|host/i;
const carriesTypedName = (expression: string) =>
  NAME_EXPRESSION.test(expression) && !/\.am\s*$/.test(expression) && !/^\s*[A-Z][A-Z0-9_]*\s*$/.test(expression);

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
    .flatMap((file) => flatten(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')), `am/${file}: `));
}

/** Every non-test TypeScript file under each service's src/. */
function serverSources(): string[] {
  const services = repo('services');
  return readdirSync(services).flatMap((service) =>
    readdirSync(`${services}/${service}/src`, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => `${services}/${service}/src/${file}`),
  );
}

/** Each `${…}` of a source line written onto a fidel on either side, when it carries a typed name. */
function gluedServerPlaceholders(line: string): string[] {
  return [...line.matchAll(SERVER_PLACEHOLDER)]
    .filter((m) => carriesTypedName(m[1]!))
    .filter((m) => {
      const before = line.slice(0, m.index);
      const after = line.slice(m.index + m[0].length);
      return new RegExp(`${FIDEL}$`, 'u').test(before) || new RegExp(`^${FIDEL}`, 'u').test(after);
    })
    .map((m) => m[0]);
}

describe('names in Amharic strings', () => {
  it('tells a glued affix from a name standing on its own', () => {
    for (const text of ['የ{{name}} ተራ', '{{target}}ን ያዙ', 'በ{{name}} ላይ', 'ግብዣ ለ{{username}}'])
      expect(clientGlued.test(text), text).toBe(true);
    for (const text of ['ተራ፦ {{name}}', '{{name}} ቃል እየመረጡ ነው…', '{{target}} ላይ', 'ከ{{count}} ጀምሮ', '{{name}}።'])
      expect(clientGlued.test(text), text).toBe(false);
    expect(gluedServerPlaceholders('title: (name: string) => `የ${name} ስታቲስቲክስ`,')).toEqual(['${name}']);
    expect(gluedServerPlaceholders('am: `${user.displayName}ን ይጋብዙ`')).toEqual(['${user.displayName}']);
    expect(gluedServerPlaceholders('am: `ስታቲስቲክስ፦ ${name}`')).toEqual([]);
    expect(gluedServerPlaceholders('am: `ከ${min} እስከ ${max} ተጫዋቾች`')).toEqual([]);
    expect(gluedServerPlaceholders('`በ${LEVEL_NAMES.hard.am} ደረጃ`')).toEqual([]);
    expect(gluedServerPlaceholders('`ከ${CRAZY_PLAYERS_MIN} እስከ`')).toEqual([]);
  });

  it('writes no affix onto a name in the client’s Amharic strings', () => {
    const strings = clientStrings();
    expect(strings.length).toBeGreaterThan(500);
    expect(strings.filter(([, text]) => clientGlued.test(text)).map(([where, text]) => `${where}${text}`)).toEqual([]);
  });

  it('writes no affix onto a name in the servers’ Amharic texts', () => {
    const files = serverSources();
    expect(files.some((file) => file.endsWith('share-page.ts'))).toBe(true);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => gluedServerPlaceholders(line).map((glued) => `${file}:${i + 1} ${glued}`)),
    );
    expect(found).toEqual([]);
  });
});
