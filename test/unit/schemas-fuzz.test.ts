import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { answerSchemas, validate, type Schema } from '../../src/api/schemas.js';

/**
 * The answer checker (`validate` of `src/api/schemas.ts`) over random answers: any JSON at all, and objects built from
 * each schema's own keys holding random values (right or wrong, nested as the schema nests). It never throws, and
 * every refusal says where: each of its problems begins with a path of the schema's keys and list indices, or
 * `(root)`.
 */

/** The definition zod keeps of a schema: enough to walk its objects, lists, optional and nullable values. */
interface Definition {
  type: string;
  shape?: Record<string, Schema<unknown>>;
  innerType?: Schema<unknown>;
  element?: Schema<unknown>;
}

const definition = (schema: Schema<unknown>): Definition => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** Every key of every object in `schema`, at any depth. */
function keysOf(schema: Schema<unknown>, into = new Set<string>()): Set<string> {
  const def = definition(schema);
  for (const [key, inner] of Object.entries(def.shape ?? {})) {
    into.add(key);
    keysOf(inner, into);
  }
  for (const inner of [def.innerType, def.element]) if (inner) keysOf(inner, into);
  return into;
}

/**
 * Values shaped like `schema`: its objects with some of their keys (and maybe others), its lists, and at every
 * place, sometimes, any JSON value instead.
 */
function shapedLike(schema: Schema<unknown>, depth = 0): fc.Arbitrary<unknown> {
  const def = definition(schema);
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  if (depth > 4) return anyJson;
  let shaped: fc.Arbitrary<unknown> | undefined;
  if (def.shape) {
    const fields = Object.fromEntries(Object.entries(def.shape).map(([key, inner]) => [key, shapedLike(inner, depth + 1)]));
    shaped = fc
      .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string(), anyJson, { maxKeys: 2 }))
      .map(([known, others]) => ({ ...others, ...known }));
  } else if (def.element) {
    shaped = fc.array(shapedLike(def.element, depth + 1), { maxLength: 3 });
  } else if (def.innerType) {
    shaped = fc.oneof(shapedLike(def.innerType, depth), fc.constant(null), fc.constant(undefined));
  }
  return shaped ? fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: anyJson }) : anyJson;
}

/** Whether every problem of a refusal begins with a path of `keys` and indices, or `(root)`. */
function namesAPath(problem: string, keys: Set<string>): boolean {
  const problems = problem.split('; ');
  return (
    problems.length >= 1 &&
    problems.length <= 3 &&
    problems.every((one) => {
      const at = one.indexOf(': ');
      if (at <= 0 || one.length === at + 2) return false;
      const path = one.slice(0, at);
      return path === '(root)' || path.split('.').every((step) => keys.has(step) || /^\d+$/.test(step));
    })
  );
}

describe('validate over random answers', () => {
  for (const [name, schema] of Object.entries(answerSchemas()) as Array<[string, Schema<unknown>]>) {
    describe(name, () => {
      const keys = keysOf(schema);
      /** Checks one value: no exception, and either the data or a refusal that names a path. */
      const holds = (value: unknown) => {
        const checked = validate(schema, value);
        if ('problem' in checked) expect(namesAPath(checked.problem, keys), checked.problem).to.equal(true);
        else expect(checked).to.have.property('data');
      };

      it('never throws on any JSON, and names a field path or (root) in every refusal', () => {
        fc.assert(fc.property(fc.jsonValue(), holds), { numRuns: 300 });
      });

      it("never throws on objects of the schema's own keys with random values, and names a field path in every refusal", () => {
        fc.assert(fc.property(shapedLike(schema), holds), { numRuns: 300 });
      });

      it('accepts some of those objects and refuses others, so both sides are tried', () => {
        const outcomes = fc.sample(shapedLike(schema), { numRuns: 300, seed: 37 }).map((value) => 'data' in validate(schema, value));
        expect(outcomes).to.include(true).and.to.include(false);
      });
    });
  }
});
