import { describe, expect, it } from "vitest";

import { isTicket, partsToSend, URL_MARGIN_MS, urlIsFresh } from "./direct-upload-plan";

describe("direct upload bookkeeping", () => {
  it("a resumed upload sends only the parts the bucket lacks, in order", () => {
    expect(partsToSend(3, [])).toEqual([1, 2, 3]);
    expect(partsToSend(5, [4, 1])).toEqual([2, 3, 5]);
    expect(partsToSend(2, [1, 2])).toEqual([]);
  });

  it("a URL is used only while more than a minute of it is left", () => {
    const now = 1_000_000;
    expect(urlIsFresh(undefined, now)).toBe(false);
    expect(urlIsFresh({ expiresAt: now + URL_MARGIN_MS + 1 }, now)).toBe(true);
    expect(urlIsFresh({ expiresAt: now + URL_MARGIN_MS }, now)).toBe(false);
  });

  it("tells a signed ticket from a chunked upload's id", () => {
    expect(isTicket("eyJjYW1wYWlnbklkIjoiYyJ9.c2lnbmF0dXJl")).toBe(true);
    expect(isTicket("up_0123456789abcdef0123456789abcdef")).toBe(false);
  });
});
