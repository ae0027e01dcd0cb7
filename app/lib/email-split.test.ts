import { describe, expect, it } from "vitest";
import { addRecipients, splitEmails, splitLines } from "./email-split";

describe("splitEmails", () => {
  it("splits on commas, spaces, tabs and newlines", () => {
    expect(splitEmails("a@x.com, b@x.com c@x.com\td@x.com\ne@x.com\r\nf@x.com")).toEqual([
      "a@x.com",
      "b@x.com",
      "c@x.com",
      "d@x.com",
      "e@x.com",
      "f@x.com",
    ]);
  });

  it("ignores repeated and leading/trailing separators", () => {
    expect(splitEmails(" ,, a@x.com ,,,   b@x.com ,")).toEqual(["a@x.com", "b@x.com"]);
  });

  it("keeps only entries containing '@'", () => {
    expect(splitEmails("grandma, a@x.com, example.com, @, b@")).toEqual(["a@x.com", "@", "b@"]);
  });

  it("keeps the spelling as typed but de-duplicates case-insensitively", () => {
    expect(splitEmails("Ann@Example.com ann@example.com ANN@EXAMPLE.COM bob@x.com")).toEqual(["Ann@Example.com", "bob@x.com"]);
  });

  it("returns nothing for empty or blank input", () => {
    expect(splitEmails("")).toEqual([]);
    expect(splitEmails("  \n , ")).toEqual([]);
  });

  it("treats non-breaking spaces as whitespace", () => {
    expect(splitEmails("a@x.com\u00a0b@x.com")).toEqual(["a@x.com", "b@x.com"]);
  });
});

describe("addRecipients", () => {
  it("appends new addresses after the existing ones", () => {
    expect(addRecipients(["a@x.com"], "b@x.com, c@x.com")).toEqual(["a@x.com", "b@x.com", "c@x.com"]);
  });

  it("skips addresses already present, ignoring case", () => {
    expect(addRecipients(["Ann@Example.com"], "ann@example.com bob@x.com")).toEqual(["Ann@Example.com", "bob@x.com"]);
  });

  it("skips duplicates within the typed input", () => {
    expect(addRecipients([], "bob@x.com BOB@x.com")).toEqual(["bob@x.com"]);
  });

  it("leaves the existing list untouched", () => {
    const existing = ["a@x.com"];
    const result = addRecipients(existing, "b@x.com");
    expect(existing).toEqual(["a@x.com"]);
    expect(result).not.toBe(existing);
  });

  it("adds nothing for input without e-mails", () => {
    expect(addRecipients(["a@x.com"], "not-an-email")).toEqual(["a@x.com"]);
  });
});

describe("splitLines", () => {
  it("splits one entry per line, trimmed, blanks dropped", () => {
    expect(splitLines("  a@x.com \n\n b@x.com\r\n   \r\nc@x.com\rd@x.com\n")).toEqual(["a@x.com", "b@x.com", "c@x.com", "d@x.com"]);
  });

  it("does not split on commas or spaces and does no format check", () => {
    expect(splitLines("a@x.com, b@x.com\nGrandma Rose")).toEqual(["a@x.com, b@x.com", "Grandma Rose"]);
  });

  it("returns nothing for blank input", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines(" \n\t\n")).toEqual([]);
  });
});
