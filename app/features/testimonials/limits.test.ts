import { describe, expect, it } from "vitest";

import { checkAbout } from "./limits";
import { AboutSchema } from "./schemas";

// The browser checks step 1 with checkAbout, the submission schemas with AboutSchema's parts: one answer.
describe("checkAbout", () => {
  const names = ["Ann", " Ann ", "", "   ", "x".repeat(200), ` ${"x".repeat(200)} `, "x".repeat(201)];
  const emails = [
    "ann@example.com",
    " ann@example.com ",
    "ann@example",
    "a b@c.d",
    "@x.y",
    "",
    `${"a".repeat(243)}@example.com`,
    `${"a".repeat(242)}@example.com`,
  ];
  for (const name of names) {
    for (const email of emails) {
      it(`agrees with AboutSchema on ${JSON.stringify(name.length > 12 ? `${name.length} chars` : name)} / ${JSON.stringify(email.length > 30 ? `${email.length} chars` : email)}`, () => {
        const parsed = AboutSchema.safeParse({ respondentName: name, respondentEmail: email });
        const checked = checkAbout(name, email);
        if (parsed.success) {
          expect(checked).toEqual({ ok: true, ...parsed.data });
        } else {
          const errors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues)
            errors[String(issue.path[0])] = [...(errors[String(issue.path[0])] ?? []), issue.message];
          expect(checked).toEqual({ ok: false, errors });
        }
      });
    }
  }
});
