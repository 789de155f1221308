import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { arbitraryOf, SchemaNode } from './json-schema-arbitrary.ts';
import { httpAnswerProblems, stateProblems, type AnswerExpectation } from './invariants.ts';

const expected: AnswerExpectation = { languages: ['am'], codes: new Set(['not_found']), hasBody: true, envelopeOnSuccess: true };
const json = (status: number, body: unknown) => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

describe('the fuzzers’ checks', () => {
  it('accept a documented refusal in the asked language, and flag what breaks the envelope', () => {
    expect(httpAnswerProblems(json(404, { success: false, code: 'not_found', message: 'አልተገኘም' }), expected)).toEqual([]);
    expect(httpAnswerProblems(json(500, { success: false, code: 'internal_error', message: 'x' }), expected)).toHaveLength(1);
    expect(httpAnswerProblems(json(404, { success: false, code: 'not_found', message: 'Not found' }), expected)[0]).toMatch(/not in am/);
    expect(httpAnswerProblems(json(404, { success: false, code: 'nowhere', message: 'አልተገኘም' }), expected)[0]).toMatch(/not a documented/);
    expect(httpAnswerProblems(json(414, { error: 'Bad Request', statusCode: 414 }), expected)[0]).toMatch(/outside the failure envelope/);
    expect(httpAnswerProblems({ status: 404, contentType: undefined, body: '' }, expected)[0]).toMatch(/not the JSON failure envelope/);
  });

  it('see a refusal that moved the store or a ledger total', () => {
    const before = { head: '1/10', ledger: { wallet: { balance: 100, held: 0, pendingCredit: 0, accounts: 1 } } };
    expect(stateProblems(before, structuredClone(before))).toEqual([]);
    expect(stateProblems(before, { ...before, head: '2/11' })).toHaveLength(1);
    expect(stateProblems(before, { ...before, ledger: { wallet: { balance: 90, held: 10, pendingCredit: 0, accounts: 1 } } })).toHaveLength(
      1,
    );
  });

  it('generate values that the schema they were generated from accepts', () => {
    const Body = z.object({
      roomName: z.string().min(1).max(100),
      maxPlayers: z.int().min(2).max(8),
      gameDuration: z.enum(['normal', 'rush']),
      code: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
      amount: z.int().positive().optional(),
      tags: z.array(z.string().max(12)).max(104).optional(),
      name: z.string().max(50).nullable().optional(),
    });
    const node = SchemaNode.parse(z.toJSONSchema(Body, { io: 'input' }));
    fc.assert(fc.property(arbitraryOf(node), (value) => Body.safeParse(value).success));
  });
});
