/**
 * Log output with each JSON line's message left out: what its lines say beyond their fixed texts (lines that are
 * not JSON stay whole). A check that a secret never reaches the log looks here, so that a secret that happens to be
 * a word of a fixed message ("game engine started") is not taken for a leak.
 */
export function withoutMessages(output: string): string {
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
