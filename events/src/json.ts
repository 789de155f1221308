export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * Stable JSON: keys sorted, so the same value always hashes the same. Every stored event is hashed through it and
 * the audit hashes every event again, so it builds its text in one pass (no intermediate arrays).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  // The default sort compares UTF-16 code units, as the hash has always ordered keys.
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
  }
  return `${out}}`;
}
