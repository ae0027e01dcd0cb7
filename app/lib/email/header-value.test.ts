import { describe, expect, it } from "vitest";

import { headerValue } from "./header-value";

describe("header values", () => {
  it("are one line with no control characters", () => {
    expect(headerValue("Summers\r\nBcc: everyone@example.com")).toBe("Summers Bcc: everyone@example.com");
    expect(headerValue("Bell\u0007 and\u0000 null\u001b[31m red\u007f\u0085")).toBe("Bell and null[31m red");
    expect(headerValue("  Tabs\tand\u2028separators  ")).toBe("Tabs and separators");
  });

  it("keep every printable character, accents and emoji included", () => {
    expect(headerValue('Grandma\'s "Lake" Stories — Été 🌞 <ok>')).toBe('Grandma\'s "Lake" Stories — Été 🌞 <ok>');
  });
});
