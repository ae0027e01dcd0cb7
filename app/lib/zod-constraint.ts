import { getZodConstraint } from "@conform-to/zod/v4";

type Schema = Parameters<typeof getZodConstraint>[0];
const constraints = new WeakMap<Schema, ReturnType<typeof getZodConstraint>>();

/**
 * A form's HTML constraints (required, maxLength, …) from its schema, worked out once per schema:
 * conform walks the whole schema on each call, and forms called it on every render (decision 0148).
 */
export function constraintOf(schema: Schema) {
  let constraint = constraints.get(schema);
  if (constraint === undefined) constraints.set(schema, (constraint = getZodConstraint(schema)));
  return constraint;
}

/** What a form component takes from its page's loader, so the browser needs no schema (decision 0173). */
export type FormConstraint = ReturnType<typeof constraintOf>;
