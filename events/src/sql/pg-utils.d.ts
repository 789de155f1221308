/** node-postgres's own turning of a parameter into the text it sends (it ships no types for this module). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
