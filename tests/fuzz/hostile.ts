/**
 * What a careless or hostile client sends: strings with NUL and control characters, Ethiopic and other scripts,
 * lone surrogates, markup and injection attempts, very long and very deep values, JSON of the wrong type, broken
 * JSON text, path segments that try to escape their route, and header values that mean nothing. Pure arbitraries.
 */
import fc from 'fast-check';
import { arbitraryOf, textUnit, type SchemaNode } from './json-schema-arbitrary.ts';

/** Just over the gateway's 64 KiB JSON body limit, and well over it. */
const HUGE_LENGTHS = [70_000, 300_000] as const;
const LONG_LENGTHS = [1_000, 5_000, 20_000] as const;
const DEEP_LEVELS = [64, 1_000, 10_000] as const;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\u0007\u001b[31mred\u001b[0m',
  '\r\n\r\nX-Injected: 1',
  '\t\v\f\b',
  '..',
  '../../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table events; --',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'ሰላም ዓለም',
  'ቃል',
  '፩፪፫',
  '\u1369\u136a',
  '\u200b\u200d\u202e\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀👨‍👩‍👧',
  'İıſ\u0130',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
] as const;

/** Any UTF-16 code unit, surrogates and control characters included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const controlUnit = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: fc.oneof(textUnit, anyUnit, controlUnit), maxLength: 80 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('a', 'ሀ', '\u0000', '%')).map(([n, c]) => c.repeat(n)),
  },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_LENGTHS).map((n) => 'ቃ'.repeat(n)) },
);

/** Nested arrays or objects, as JSON text (building the value could overflow the test's own stack). */
export const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...DEEP_LEVELS), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

const deepValue = fc.integer({ min: 20, max: 200 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
});

/** JSON values of any type, mostly not the one expected. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [null], { '': '' }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  hostileString,
  deepValue,
  fc.jsonValue({ maxDepth: 3 }),
);

type JsonPath = readonly (string | number)[];

/** Every path inside a JSON value (objects and arrays), the root first. */
function pathsOf(value: unknown, at: JsonPath = []): JsonPath[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, index) => pathsOf(item, [...at, index]))];
  if (value && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...at, key]))];
  return [at];
}

function replaceAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  if (value && typeof value === 'object')
    return { ...value, [head]: replaceAt((value as Record<string, unknown>)[head], rest, replacement) };
  return value;
}

function removeAt(value: unknown, path: JsonPath): unknown {
  if (path.length === 0) return undefined;
  const parent = path.slice(0, -1);
  const last = path[path.length - 1]!;
  const container = parent.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
  if (Array.isArray(container))
    return replaceAt(
      value,
      parent,
      container.filter((_, index) => index !== last),
    );
  const { [last]: _removed, ...rest } = container as Record<string | number, unknown>;
  return replaceAt(value, parent, rest);
}

/** A schema-valid value broken in one place: a part swapped for a wrong value, a part removed, or an unknown key added. */
export function mutatedArbitrary(node: SchemaNode): fc.Arbitrary<unknown> {
  return fc
    .tuple(arbitraryOf(node), fc.nat(), fc.constantFrom('replace', 'remove', 'add'), wrongValue, hostileString)
    .map(([valid, pick, how, replacement, key]) => {
      const paths = pathsOf(valid);
      const path = paths[pick % paths.length]!;
      if (how === 'replace') return replaceAt(valid, path, replacement);
      if (how === 'remove') return removeAt(valid, path) ?? null;
      return valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...valid, [key]: replacement } : replacement;
    });
}

/** Text that is not quite JSON. */
export const brokenJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'NaN',
    'undefined',
    '\u0000',
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '{"__proto__":{"x":1}}',
  ),
  fc.string({ unit: fc.oneof(textUnit, controlUnit), maxLength: 100 }),
  deepJsonText,
);

/**
 * A path segment as sent on the wire (already percent-encoded where it should be): NUL, dot segments, encoded
 * slashes, broken escapes, overlong UTF-8, raw and encoded Ethiopic, very long ids.
 */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00',
    '..',
    '.',
    '%2e%2e',
    '..%2F..%2Fetc',
    '%2F',
    '%5C',
    '%',
    '%zz',
    '%C0%AE',
    '%ff%fe',
    '%E1%88%80',
    '%F0%9F%98%80',
    '%0D%0A',
    '%20',
    '+',
    ';a=b',
    '%3F%23',
    'ሰላም',
  ),
  fc.constantFrom(...LONG_LENGTHS).map((n) => 'x'.repeat(n)),
  hostileString.filter((s) => s.length <= LONG_LENGTHS[2]).map(encodeURIComponentLoosely),
);

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its replacement character. */
export function encodeURIComponentLoosely(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
}

/** A header value a client could put on the wire: visible Latin-1 and tabs (Node refuses the rest before sending). */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'undefined', '\t', 'ÿÿÿ', 'a'.repeat(8_000)),
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c < 0x7f || c > 0x9f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 120,
  }),
);
