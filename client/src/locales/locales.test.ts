import { describe, expect, it } from 'vitest';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true });

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

function namespaces(language: string): Map<string, Map<string, string>> {
  const result = new Map<string, Map<string, string>>();
  for (const [path, module] of Object.entries(files)) {
    const match = /^\.\/([a-z]+)\/([a-z-]+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) result.set(match[2], flatten(module.default));
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const en = namespaces('en');
  const am = namespaces('am');

  it('has the same namespaces in English and Amharic', () => {
    expect([...am.keys()].sort()).toEqual([...en.keys()].sort());
    expect(en.size).toBeGreaterThan(0);
  });

  for (const [ns, enKeys] of en) {
    it(`${ns}: Amharic has exactly the English keys, none empty, with the same placeholders`, () => {
      const amKeys = am.get(ns) ?? new Map<string, string>();
      expect([...amKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
      for (const [key, text] of amKeys) {
        expect(text.trim(), `am ${ns}:${key}`).not.toBe('');
        expect(placeholders(text), `am ${ns}:${key}`).toEqual(placeholders(enKeys.get(key) ?? ''));
      }
    });
  }

  it('writes Amharic text in Ethiopic script, not copied English', () => {
    const amCommon = am.get('common');
    expect(amCommon?.get('nav.games')).toBe('ጨዋታዎች');
    const copied = [...am.entries()].flatMap(([ns, keys]) =>
      [...keys].filter(([key, text]) => {
        // Placeholders are names, not words: a text that is only placeholders and signs is the same in every language.
        const words = text.replace(/\{\{[^}]*\}\}/g, '');
        return /[a-z]{4,}/i.test(words) && !/[\u1200-\u137f]/.test(words) && text === en.get(ns)?.get(key);
      }),
    );
    expect(copied).toEqual([]);
  });
});
