/** Ethiopic letters: a word written in them cannot be ordinary (English) log text. */
const ETHIOPIC = /[\u1200-\u137f]/;

/**
 * Fields whose values the server fixes itself, never from a player's input: the message, the machine's and the
 * service's names. A bank word may equal one of them by chance ("ledger", a host named after a word).
 */
const FIXED_FIELDS: ReadonlySet<string> = new Set(['msg', 'hostname', 'service']);

/** A request's path is a route's fixed segments and ids; only its query can carry what a client typed. */
function queryOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
}

/** The string values of a parsed log line, its keys and fixed fields left out. */
function valuesOf(value: unknown, key: string, into: string[]): void {
  if (FIXED_FIELDS.has(key)) return;
  if (typeof value === 'string') into.push(key === 'url' ? queryOf(value) : value);
  else if (Array.isArray(value)) for (const item of value) valuesOf(item, key, into);
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) valuesOf(v, k, into);
}

/** What each line says beyond its keys and fixed fields (lines that are not JSON stay whole). */
function variableText(output: string): string[] {
  const texts: string[] = [];
  for (const line of output.split('\n')) {
    try {
      valuesOf(JSON.parse(line), '', texts);
    } catch {
      texts.push(line);
    }
  }
  return texts;
}

/**
 * Whether a secret word reaches the log (newline-separated lines). An Amharic word is looked for everywhere. An
 * English one may be part of ordinary log text ("time" in "responseTime", "language" as a field's name, "player" in
 * a route's path), so it is looked for as a whole word among the values a line carries, its fixed fields left out.
 */
export function logMentionsWord(output: string, word: string): boolean {
  if (ETHIOPIC.test(word)) return output.includes(word);
  const target = word.toLowerCase();
  return variableText(output).some((text) =>
    text
      .toLowerCase()
      .split(/[^a-z]+/)
      .includes(target),
  );
}
