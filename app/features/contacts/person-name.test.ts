import { describe, expect, test } from "vitest";

import { personName } from "./person-name";

describe("personName", () => {
  test.each([
    [{ contactName: "Rosa Bianchi", invitationName: "Aunt Rosa", fromName: "R. Bianchi" }, "Rosa Bianchi"],
    [{ contactName: null, invitationName: "Aunt Rosa", fromName: "R. Bianchi" }, "Aunt Rosa"],
    [{ contactName: "  ", invitationName: "Aunt Rosa", fromName: "R. Bianchi" }, "Aunt Rosa"],
    [{ contactName: null, invitationName: null, fromName: "R. Bianchi" }, "R. Bianchi"],
    [{ invitationName: "", fromName: " Rosa \n Bianchi " }, "Rosa Bianchi"],
    [{ contactName: null, invitationName: null, fromName: null }, null],
    [{}, null],
  ])("%j → %j", (sources, expected) => {
    expect(personName(sources)).toBe(expected);
  });
});
