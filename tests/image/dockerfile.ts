/**
 * The Dockerfile read as data, so a machine without a Docker engine can run its stages as plain commands
 * (image.test.ts) and check what the image promises (non-root, production, a health check on /ready).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly name: string;
  readonly base: string;
  readonly instructions: readonly Instruction[];
}

/** Instructions with their continuation lines joined and comments dropped, grouped by stage. */
export function parseDockerfile(text: string): Stage[] {
  const joined = text.replace(/\\\n\s*/g, ' ');
  const stages: { name: string; base: string; instructions: Instruction[] }[] = [];
  for (const raw of joined.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [base = '', , name] = rest;
      stages.push({ name: name ?? String(stages.length), base, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before any FROM`);
    stage.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

export function readDockerfile(repoRoot: string): Stage[] {
  return parseDockerfile(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
}

/** `KEY=value KEY2="v 2"` → entries (the one form of ENV the Dockerfile uses). */
export function envOf(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) {
    env[match[1] ?? ''] = (match[2] ?? '').replace(/^"|"$/g, '');
  }
  return env;
}

/** An exec-form array (`["node", "-e", "…"]`) or a shell-form line as argv. */
export function commandOf(args: string): string[] {
  const text = args.replace(/^--\S+\s+/g, '').trim();
  if (text.startsWith('[')) return JSON.parse(text) as string[];
  return ['sh', '-c', text];
}

/** HEALTHCHECK's command without its options. */
export function healthCommandOf(args: string): string[] {
  const at = args.indexOf('CMD');
  if (at < 0) throw new Error(`HEALTHCHECK without CMD: ${args}`);
  return commandOf(args.slice(at + 'CMD'.length));
}

/** COPY's sources, destination and --from stage. */
export function copyOf(args: string): { from: string | null; sources: string[]; destination: string } {
  const words = args.split(/\s+/);
  const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length) ?? null;
  const paths = words.filter((word) => !word.startsWith('--'));
  const destination = paths.pop();
  if (!destination || paths.length === 0) throw new Error(`COPY needs a source and a destination: ${args}`);
  return { from, sources: paths, destination };
}

/**
 * .dockerignore as Docker reads it: a pattern matches from the context's root (and what is under a match);
 * a leading double-star segment matches at any depth; `*` stays within one path segment.
 */
export function ignoreMatcher(lines: readonly string[]): (file: string) => boolean {
  const tests = lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((pattern) => {
      const body = pattern
        .replace(/^\*\*\//, '')
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*');
      const anyDepth = pattern.startsWith('**/');
      return new RegExp(`${anyDepth ? '(^|/)' : '^'}${body}(/|$)`);
    });
  return (file) => tests.some((test) => test.test(file));
}
