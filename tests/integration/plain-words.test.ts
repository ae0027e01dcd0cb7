import { describe, expect, it } from "vitest";

import { isOperatorsPage, technicalWords } from "../utils/plain-words";

describe("the plain-words list the page sweep reads", () => {
  it("finds the operator's words a family was shown", () => {
    expect(technicalWords("British — not installed on this server")).toEqual([
      '"server" in "British — not installed on this server"',
      '"install" in "British — not installed on this server"',
    ]);
    expect(technicalWords("Piper voices sound more natural; your administrator can install them.")).toHaveLength(2);
    expect(technicalWords("Host 1: Welcome back.\nSingle Host")).toEqual([
      '"Host 1" in "Host 1: Welcome back."',
      '"Single Host" in "Single Host"',
    ]);
    expect(technicalWords("2 credits per month")).toEqual(['"credits" in "2 credits per month"']);
    expect(technicalWords("run `npm run voices:download`")).toHaveLength(1);
    expect(technicalWords("[Recording — Ivy, 0:07] (recorded answer, 0:07)")).toEqual([
      '"(recorded answer, m:ss)" in "[Recording — Ivy, 0:07] (recorded answer, 0:07)"',
    ]);
  });

  it("leaves a family's own words alone", () => {
    expect(
      technicalWords(
        "Grandpa Joe hosted the Sunday dinner. The waiter served us pasta; we were credited in the paper.",
      ),
    ).toEqual([]);
    expect(
      technicalWords("2 podcast episodes a month. Read aloud by built-in computer voices (Grace and Henry)"),
    ).toEqual([]);
    expect(technicalWords("[Recording — Ivy, 0:07]\n\nWe take recorded answers too.")).toEqual([]);
  });

  it("reads only the families' pages", () => {
    expect(isOperatorsPage("/admin/users")).toBe(true);
    expect(isOperatorsPage("/api/admin/documentation")).toBe(true);
    expect(isOperatorsPage("/dev/mailbox")).toBe(true);
    expect(isOperatorsPage("/administer")).toBe(false);
    expect(isOperatorsPage("/help")).toBe(false);
  });
});
