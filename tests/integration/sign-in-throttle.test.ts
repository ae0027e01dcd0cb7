import { randomUUID } from "node:crypto";
import { emailOutbox } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  delayAfter,
  FIRST_DELAY_MS,
  FREE_FAILURES,
  MAX_DELAY_MS,
  NOTIFY_AT_FAILURES,
  resetSignInThrottle,
} from "~/features/account/sign-in-throttle.server";
import { advanceClock, setClock } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { action as loginPage } from "~/routes/_auth+/login";
import { action as apiLogin } from "~/routes/api+/login";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";

beforeEach(() => {
  resetSignInThrottle();
  setClock(new Date("2026-03-01T10:00:00Z"));
});
afterEach(() => setClock(null));

const signIn = (email: string, password: string) =>
  callRoute(loginPage, makeRequest("/login", { form: { email, password } }));
const outboxTo = (email: string) => getDb().select().from(emailOutbox).where(eq(emailOutbox.to, email)).all();

/** Fails `count` times, each after the longest wait (so never refused), well within a streak. */
async function failAfterWaiting(email: string, count: number) {
  for (let i = 0; i < count; i++) {
    expect((await signIn(email, "wrong-password")).status).toBe(401);
    advanceClock(MAX_DELAY_MS);
  }
}

describe("per-account sign-in throttle", () => {
  it("grows the wait after the free failures and refuses with 429, Retry-After and the wait in words", async () => {
    expect(delayAfter(FREE_FAILURES - 1)).toBe(0);
    expect(delayAfter(FREE_FAILURES)).toBe(FIRST_DELAY_MS);
    expect(delayAfter(FREE_FAILURES + 1)).toBe(2 * FIRST_DELAY_MS);
    expect(delayAfter(FREE_FAILURES + 20)).toBe(MAX_DELAY_MS);

    const user = await createTestUser();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await signIn(user.email, "wrong-password")).status).toBe(401);
    // Even the right password is refused (and not checked) while throttled.
    const refused = await signIn(user.email, user.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(JSON.stringify(await refused.json())).toContain(
      "Too many failed sign-in attempts for this email. Please try again in 30 seconds.",
    );

    advanceClock(FIRST_DELAY_MS);
    expect((await signIn(user.email, "wrong-password")).status).toBe(401);
    const longer = await signIn(user.email, user.password);
    expect(longer.status).toBe(429);
    expect(longer.headers.get("Retry-After")).toBe("60");
    expect(JSON.stringify(await longer.json())).toContain("Please try again in 1 minute.");

    // The JSON sign-in shares the streak.
    const api = await callRoute(
      apiLogin,
      makeRequest("/api/login", { json: { email: user.email.toUpperCase(), password: user.password } }),
    );
    expect(api.status).toBe(429);
    expect(await api.json()).toEqual({
      message: "Too many failed sign-in attempts for this email. Please try again in 1 minute.",
    });

    // After the wait the right password signs in, and the streak is forgotten.
    advanceClock(2 * FIRST_DELAY_MS);
    expect((await signIn(user.email, user.password)).status).toBe(302);
    for (let i = 0; i < FREE_FAILURES; i++) expect((await signIn(user.email, "wrong-password")).status).toBe(401);
  });

  it("throttles an unknown e-mail exactly like a known one", async () => {
    const user = await createTestUser();
    const unknown = `nobody-${randomUUID()}@example.com`;
    const answers = async (email: string) => {
      const seen: Array<[number, string | null, string]> = [];
      for (let i = 0; i < FREE_FAILURES + 2; i++) {
        const response = await signIn(email, "wrong-password");
        // The form echoes the address typed; everything else must be the same.
        seen.push([
          response.status,
          response.headers.get("Retry-After"),
          JSON.stringify(await response.json()).replaceAll(email, "EMAIL"),
        ]);
      }
      return seen;
    };
    const known = await answers(user.email);
    expect(await answers(unknown)).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("e-mails the account holder once per streak of failures, and nobody for an unknown address", async () => {
    const user = await createTestUser({ firstName: "Greta" });
    await failAfterWaiting(user.email, NOTIFY_AT_FAILURES - 1);
    expect(outboxTo(user.email)).toHaveLength(0);
    await failAfterWaiting(user.email, 3);
    await vi.waitFor(() => expect(outboxTo(user.email)).toHaveLength(1));
    const [mail] = outboxTo(user.email);
    expect(mail).toMatchObject({
      kind: "failed_sign_ins",
      subject: "Failed sign-in attempts on your Storyhearth account",
    });
    expect(mail!.text).toContain("Hi Greta,");
    expect(mail!.text).toContain(`${NOTIFY_AT_FAILURES} times in a row`);
    expect(mail!.text).toContain("/reset-password");

    // A success ends the streak; the next streak may e-mail again.
    expect((await signIn(user.email, user.password)).status).toBe(302);
    advanceClock(1000);
    await failAfterWaiting(user.email, NOTIFY_AT_FAILURES);
    await vi.waitFor(() => expect(outboxTo(user.email)).toHaveLength(2));

    const unknown = `nobody-${randomUUID()}@example.com`;
    await failAfterWaiting(unknown, NOTIFY_AT_FAILURES + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outboxTo(unknown)).toHaveLength(0);
  });
});
