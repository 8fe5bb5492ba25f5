/**
 * The named schemas of the sandbox's OpenAPI document (`openapi.ts`), its `components.schemas`. They are the zod
 * schemas of `schemas.ts`, written as JSON Schema, and the document's operations refer to them with `$ref`.
 */
import { z } from 'zod';
import { jsonContent, jsonSchemaOptions, type JsonSchema } from './openapi-schema.js';
import {
  CustomerSchema,
  FieldErrorsSchema,
  ListedOrderSchema,
  OrderSchema,
  PrepaidSubscriptionContextSchema,
  ProblemSchema,
  ProductSchema,
  RenewalBehaviorSchema,
  RenewalChangeBodySchema,
  SubscriptionSchema,
  UpgradeBodySchema,
  numberedPageOf,
  pageOf,
} from './schemas.js';

/** The named schemas of `components.schemas`. Other schemas refer to them with `$ref`. */
const COMPONENTS = {
  RenewalBehavior: RenewalBehaviorSchema,
  PrepaidSubscriptionContext: PrepaidSubscriptionContextSchema,
  Subscription: SubscriptionSchema,
  SubscriptionPage: pageOf(SubscriptionSchema),
  SubscriptionNumberedPage: numberedPageOf(SubscriptionSchema),
  Product: ProductSchema,
  Customer: CustomerSchema,
  CustomerPage: pageOf(CustomerSchema),
  CustomerNumberedPage: numberedPageOf(CustomerSchema),
  Order: OrderSchema,
  ListedOrder: ListedOrderSchema,
  OrderPage: pageOf(ListedOrderSchema),
  OrderNumberedPage: numberedPageOf(ListedOrderSchema),
  UpgradeRequest: UpgradeBodySchema,
  RenewalChangeRequest: RenewalChangeBodySchema,
  Problem: ProblemSchema,
  FieldErrors: FieldErrorsSchema,
} satisfies Record<string, z.ZodType>;

export type ComponentName = keyof typeof COMPONENTS;

/** `components.schemas`: each named schema as JSON Schema, referring to the others with `$ref`. */
export function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { ...jsonSchemaOptions, uri: (id) => `#/components/schemas/${id}` });
  // Each schema is a part of this document, not a document of its own. So it has no dialect and no `$id`, which may not
  // be a fragment, and the `$ref`s resolve against the document.
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/** A reference to the named schema `name`. */
export const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

/** An answer whose JSON body is the named schema `name`. */
export const answer = (description: string, name: ComponentName) => ({ description, ...jsonContent(ref(name)) });
