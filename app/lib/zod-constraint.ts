import { getZodConstraint } from "@conform-to/zod/v4";

type Schema = Parameters<typeof getZodConstraint>[0];
const constraints = new WeakMap<Schema, ReturnType<typeof getZodConstraint>>();

/** Worked out once per schema: conform walks the whole schema on each call (decision 0148). */
export function constraintOf(schema: Schema) {
  let constraint = constraints.get(schema);
  if (constraint === undefined) constraints.set(schema, (constraint = getZodConstraint(schema)));
  return constraint;
}

export type FormConstraint = ReturnType<typeof constraintOf>;
