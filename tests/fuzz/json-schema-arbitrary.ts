/**
 * Values that satisfy a JSON Schema, as fast-check arbitraries: the subset zod's toJSONSchema writes for request
 * bodies, parameters and websocket messages (types, enum/const, string bounds and patterns, number bounds, objects,
 * arrays, anyOf/oneOf/allOf). Pure: the schema in, an arbitrary out. Anything it does not understand becomes any
 * JSON value, so a new kind of schema is still fuzzed, only less precisely.
 */
import fc from 'fast-check';
import { z } from 'zod';

export interface SchemaNode {
  readonly type?: string | readonly string[] | undefined;
  readonly enum?: readonly unknown[] | undefined;
  readonly const?: unknown;
  readonly properties?: Readonly<Record<string, SchemaNode>> | undefined;
  readonly required?: readonly string[] | undefined;
  readonly additionalProperties?: boolean | SchemaNode | undefined;
  readonly items?: SchemaNode | undefined;
  readonly minItems?: number | undefined;
  readonly maxItems?: number | undefined;
  readonly minLength?: number | undefined;
  readonly maxLength?: number | undefined;
  readonly pattern?: string | undefined;
  readonly format?: string | undefined;
  readonly minimum?: number | undefined;
  readonly maximum?: number | undefined;
  readonly exclusiveMinimum?: number | undefined;
  readonly exclusiveMaximum?: number | undefined;
  readonly anyOf?: readonly SchemaNode[] | undefined;
  readonly oneOf?: readonly SchemaNode[] | undefined;
  readonly allOf?: readonly SchemaNode[] | undefined;
}

export const SchemaNode: z.ZodType<SchemaNode> = z.lazy(() =>
  z
    .object({
      type: z.union([z.string(), z.array(z.string())]).optional(),
      enum: z.array(z.unknown()).optional(),
      const: z.unknown().optional(),
      properties: z.record(z.string(), SchemaNode).optional(),
      required: z.array(z.string()).optional(),
      additionalProperties: z.union([z.boolean(), SchemaNode]).optional(),
      items: SchemaNode.optional(),
      minItems: z.number().optional(),
      maxItems: z.number().optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      pattern: z.string().optional(),
      format: z.string().optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      exclusiveMinimum: z.number().optional(),
      exclusiveMaximum: z.number().optional(),
      anyOf: z.array(SchemaNode).optional(),
      oneOf: z.array(SchemaNode).optional(),
      allOf: z.array(SchemaNode).optional(),
    })
    .loose(),
);

/** Valid values stay small: a fuzz run's time goes to requests, not to building long arrays. */
const MAX_GENERATED_ITEMS = 6;
const MAX_GENERATED_STRING = 60;
const MAX_EXTRA_PROPERTIES = 3;
const DEFAULT_INTEGER_RANGE = 1_000_000_000;

/** One UTF-16 code unit each (so lengths agree with zod's): mostly ASCII, some Ethiopic, some anything in the BMP. */
export const textUnit = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 3, arbitrary: fc.integer({ min: 0x1200, max: 0x137c }) },
    { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }) },
  )
  .map((code) => String.fromCharCode(code));

function stringOf(node: SchemaNode): fc.Arbitrary<string> {
  const minLength = node.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? MAX_GENERATED_STRING, minLength + MAX_GENERATED_STRING));
  const fitsLength = (value: string) => value.length >= minLength && value.length <= (node.maxLength ?? Infinity);
  if (node.pattern) {
    const matching = fc.stringMatching(new RegExp(node.pattern));
    // Patterns with their own bounds (most here) always fit; else a fitting fallback keeps the arbitrary total.
    return fc.oneof(matching.filter(fitsLength), fc.constant('x'.repeat(Math.max(1, minLength))).filter(fitsLength), matching);
  }
  if (node.format === 'email') return fc.emailAddress().filter(fitsLength);
  if (node.format === 'uuid') return fc.uuid();
  return fc.string({ unit: textUnit, minLength, maxLength });
}

function numberOf(node: SchemaNode, integer: boolean): fc.Arbitrary<number> {
  const low = node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : node.minimum;
  const high = node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : node.maximum;
  if (integer) {
    const min = Math.ceil(low ?? -DEFAULT_INTEGER_RANGE);
    const max = Math.floor(high ?? Math.max(min, 0) + DEFAULT_INTEGER_RANGE);
    return fc.integer({ min, max: Math.max(min, max) });
  }
  return fc.double({ min: low ?? -1e9, max: high ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** The object of an allOf of objects (zod's intersections): properties and required keys merged. */
function mergeAll(parts: readonly SchemaNode[]): SchemaNode {
  return parts.reduce<SchemaNode>(
    (merged, part) => ({
      ...merged,
      ...part,
      type: 'object',
      properties: { ...merged.properties, ...part.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
      allOf: undefined,
    }),
    {},
  );
}

function objectOf(node: SchemaNode): fc.Arbitrary<Record<string, unknown>> {
  const properties = node.properties ?? {};
  const shape = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, arbitraryOf(child)]));
  const known = fc.record(shape, { requiredKeys: (node.required ?? []).filter((key) => key in properties) });
  const extra = node.additionalProperties;
  if (!extra || Object.keys(properties).length > 0) return known;
  const values = extra === true ? fc.jsonValue({ maxDepth: 1 }) : arbitraryOf(extra);
  return fc.dictionary(fc.string({ unit: textUnit, minLength: 1, maxLength: 12 }), values, { maxKeys: MAX_EXTRA_PROPERTIES });
}

function ofType(type: string, node: SchemaNode): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(node);
    case 'integer':
      return numberOf(node, true);
    case 'number':
      return numberOf(node, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = node.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(node.maxItems ?? MAX_GENERATED_ITEMS, minLength + MAX_GENERATED_ITEMS));
      return fc.array(node.items ? arbitraryOf(node.items) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
    }
    case 'object':
      return objectOf(node);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that satisfy `node` (where fast-check can say so; see the top of this file). */
export function arbitraryOf(node: SchemaNode): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum && node.enum.length > 0) return fc.constantFrom(...node.enum);
  if (node.allOf && node.allOf.length > 0) return arbitraryOf(mergeAll(node.allOf));
  const choices = node.anyOf ?? node.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map(arbitraryOf));
  if (Array.isArray(node.type)) return fc.oneof(...node.type.map((type: string) => ofType(type, node)));
  if (typeof node.type === 'string') return ofType(node.type, node);
  if (node.properties) return objectOf(node);
  return fc.jsonValue({ maxDepth: 2 });
}
