/**
 * How the sandbox's OpenAPI document (`openapi.ts`) writes zod schemas as JSON Schema, and the small pieces of an
 * OpenAPI answer that the document is built of.
 */
import { z } from 'zod';

export type JsonSchema = z.core.JSONSchema.BaseSchema;

/**
 * JSON Schema of what travels on the wire. `io: 'input'` describes what may be sent, so a field with a default, such as
 * the upgrade's `renewal_behavior` and `offer`, is optional. For the answers, which have no defaults, input and output
 * are the same. Unknown fields are not forbidden, because a client must accept the ones that the real service adds
 * (docs/service.md#subscriptions-and-products).
 */
export const jsonSchemaOptions = {
  io: 'input',
  // z.int() documents the safe-integer range on every integer. That is true, but it is noise in every field of the
  // document.
  override: ({ jsonSchema }) => {
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  },
} satisfies z.core.ToJSONSchemaParams;

/** A query parameter's schema, inline. */
export function parameterSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, jsonSchemaOptions);
  return rest;
}

/** A JSON body of `schema`, as an answer or a request body has it. */
export const jsonContent = (schema: object) => ({ content: { 'application/json': { schema } } });
