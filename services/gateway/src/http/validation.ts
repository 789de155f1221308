import type { z } from 'zod';
import { Rejection } from './errors.ts';

/** Parses a body, query or params with zod; a failure is `validation_failed` with a message per field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new Rejection('validation_failed', { fields });
}
