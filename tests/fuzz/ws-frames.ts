/**
 * Frames for the player socket: every client message type of the protocol (ClientMessage, @qal/events), the
 * commands with payloads from their own schemas (valid, broken in one place, or of the wrong type), channels that
 * exist, belong to someone else or cannot, and frames that are no message at all: not JSON, JSON of another shape,
 * binary, too large, not UTF-8.
 */
import { ClientMessage } from '@qal/events';
import fc from 'fast-check';
import { z } from 'zod';
import { brokenJsonText, hostileString, mutatedArbitrary, wrongValue } from './hostile.ts';
import { arbitraryOf, SchemaNode } from './json-schema-arbitrary.ts';

export type Frame =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'binary'; readonly bytes: Buffer }
  | { readonly kind: 'not-utf8'; readonly bytes: Buffer };

/** The socket's frame limit (docs/realtime.md: 4096 bytes); a larger frame closes the socket with 1009. */
export const WS_FRAME_LIMIT_BYTES = 4096;
const OVERSIZE_LENGTHS = [WS_FRAME_LIMIT_BYTES + 1, 20_000] as const;

const Variant = z.object({ properties: z.object({ type: z.object({ const: z.string() }) }).loose() }).loose();

/** The message variants of the protocol's ClientMessage, by `type`, as JSON Schema. */
function clientMessageVariants(): Map<string, SchemaNode> {
  const schema = SchemaNode.parse(z.toJSONSchema(ClientMessage, { io: 'input', unrepresentable: 'any' }));
  const variants = schema.oneOf ?? schema.anyOf ?? [];
  return new Map(variants.map((variant) => [Variant.parse(variant).properties.type.const, variant]));
}

export interface FrameTargets {
  /** Channels that exist: own, someone else's, a room's, a match's. */
  readonly channels: readonly string[];
  /** Each command's payload schema (@qal/gateway/testing commandPayloadSchemas). */
  readonly payloads: Readonly<Record<string, unknown>>;
}

function commandMessages(variant: SchemaNode, payloads: Readonly<Record<string, unknown>>): fc.Arbitrary<unknown> {
  const props = variant.properties ?? {};
  const names = (props.name?.enum ?? []).map(String);
  const missing = names.filter((name) => !(name in payloads));
  if (missing.length > 0) throw new Error(`no payload schema for the websocket commands ${missing.join(', ')}`);
  const payload = (name: string) => {
    const schema = SchemaNode.parse(payloads[name]);
    return fc.oneof(
      { weight: 3, arbitrary: arbitraryOf(schema) },
      { weight: 3, arbitrary: mutatedArbitrary(schema) },
      { weight: 1, arbitrary: wrongValue },
    );
  };
  const command = (name: string) =>
    fc.record(
      {
        type: fc.constant('command'),
        id: fc.oneof(arbitraryOf(props.id ?? {}), hostileString),
        name: fc.oneof({ weight: 9, arbitrary: fc.constant(name) }, { weight: 1, arbitrary: hostileString }),
        payload: payload(name),
        idempotencyKey: fc.oneof(arbitraryOf(props.idempotencyKey ?? {}), hostileString),
      },
      { requiredKeys: ['type', 'id', 'name'] },
    );
  return fc.constantFrom(...names).chain(command);
}

/** Valid-looking messages of every type the protocol has (a new type is generated from its schema). */
function protocolMessages(targets: FrameTargets): fc.Arbitrary<unknown> {
  const channel = fc.oneof(
    ...(targets.channels.length > 0 ? [fc.constantFrom(...targets.channels)] : []),
    fc.stringMatching(/^[a-z]{1,8}:[A-Za-z0-9:._-]{1,40}$/),
    hostileString,
  );
  const messages = [...clientMessageVariants()].map(([type, variant]) => {
    if (type === 'command') return commandMessages(variant, targets.payloads);
    const hasChannel = Boolean(variant.properties?.channel);
    return hasChannel ? fc.record({ type: fc.constant(type), channel }) : arbitraryOf(variant);
  });
  return fc.oneof(...messages);
}

const text = (value: string): Frame => ({ kind: 'text', text: value });
const json = (value: unknown): Frame => text(JSON.stringify(value) ?? 'null');

export function framesFor(targets: FrameTargets): fc.Arbitrary<Frame> {
  const messages = protocolMessages(targets);
  return fc.oneof(
    { weight: 8, arbitrary: messages.map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(messages, fc.constantFrom('__proto__', 'extra', 'type'))
        .map(([m, key]) => json({ ...(m as object), [key]: { x: 1 } })),
    },
    { weight: 2, arbitrary: wrongValue.map(json) },
    { weight: 1, arbitrary: hostileString.map((type) => json({ type })) },
    { weight: 2, arbitrary: brokenJsonText.map(text) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes): Frame => ({ kind: 'binary', bytes: Buffer.from(bytes) })) },
    { weight: 1, arbitrary: fc.constantFrom(...OVERSIZE_LENGTHS).map((n) => json({ type: 'ping', pad: 'ሀ'.repeat(n) })) },
    { weight: 1, arbitrary: fc.constant<Frame>({ kind: 'not-utf8', bytes: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }) },
  );
}

/** What a frame must get back, whoever sends it: a close code, no answer, or an answer to the message it carries. */
export type FrameExpectation =
  | { readonly kind: 'close'; readonly code: number }
  | { readonly kind: 'silence' }
  | { readonly kind: 'answer'; readonly message: ClientMessage | null };

/** RFC 6455 close codes for a frame over the limit, and for text that is not UTF-8. */
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_NOT_UTF8 = 1007;

export function expectationOf(frame: Frame): FrameExpectation {
  const size = frame.kind === 'text' ? Buffer.byteLength(frame.text) : frame.bytes.length;
  if (size > WS_FRAME_LIMIT_BYTES) return { kind: 'close', code: CLOSE_TOO_BIG };
  if (frame.kind === 'not-utf8') return { kind: 'close', code: CLOSE_NOT_UTF8 };
  if (frame.kind === 'binary') return { kind: 'silence' };
  let value: unknown;
  try {
    value = JSON.parse(frame.text) as unknown;
  } catch {
    return { kind: 'answer', message: null };
  }
  const parsed = ClientMessage.safeParse(value);
  return { kind: 'answer', message: parsed.success ? parsed.data : null };
}

const SHOWN_CHARS = 200;
export function describeFrame(frame: Frame): string {
  if (frame.kind !== 'text') return `<${frame.kind} ${frame.bytes.toString('hex').slice(0, SHOWN_CHARS)}>`;
  return frame.text.length > SHOWN_CHARS ? `${frame.text.slice(0, SHOWN_CHARS)}… (${frame.text.length} chars)` : frame.text;
}
