/** Ethiopic letters: a word written in them cannot be ordinary (English) log text. */
const ETHIOPIC = /[\u1200-\u137f]/;

/**
 * Log output with each JSON line's message left out: what its lines say beyond their fixed texts (lines that are
 * not JSON stay whole).
 */
function withoutMessages(output: string): string {
  return output
    .split('\n')
    .map((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        if (typeof parsed !== 'object' || parsed === null) return line;
        const { msg: _message, ...fields } = parsed as Record<string, unknown>;
        return JSON.stringify(fields);
      } catch {
        return line;
      }
    })
    .join('\n');
}

/**
 * Whether a secret word reaches the log (newline-separated lines). An Amharic word is looked for everywhere. An
 * English one may be part of ordinary log text ("time" in "responseTime", "engine" in the message "game engine
 * started"), so it is looked for as a whole value among each line's fields, its fixed message left out.
 */
export function logMentionsWord(output: string, word: string): boolean {
  if (ETHIOPIC.test(word)) return output.includes(word);
  return new RegExp(`["\\s=:/]${word.toLowerCase()}["\\s,}&/]`).test(withoutMessages(output).toLowerCase());
}
