import { expect, test } from "vitest";
import { parseAddress } from "./inbound-email.server";

test("From lines: plain, named, quoted names with brackets and escaped quotes", () => {
  expect(parseAddress("Robert@Example.com")).toEqual({ name: null, email: "robert@example.com" });
  expect(parseAddress("Robert Whitfield <Robert@example.com>")).toEqual({ name: "Robert Whitfield", email: "robert@example.com" });
  expect(parseAddress('"Whitfield, Robert" <robert@example.com>')).toEqual({ name: "Whitfield, Robert", email: "robert@example.com" });
  expect(parseAddress('"A <b>" <x@y.example>')).toEqual({ name: "A <b>", email: "x@y.example" });
  expect(parseAddress('"Aunt \\"May\\"" <may@example.com>')).toEqual({ name: 'Aunt "May"', email: "may@example.com" });
  expect(parseAddress("<only@example.com>")).toEqual({ name: null, email: "only@example.com" });
  expect(parseAddress(undefined)).toEqual({ name: null, email: null });
});
