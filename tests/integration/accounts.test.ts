import { emailOutbox, sessions } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getUser } from "~/features/account/auth.server";
import { db } from "~/lib/db.server";
import { deleteSession } from "~/models/session.server";
import {
  consumeVerificationToken,
  createVerificationToken,
  isTokenUsable,
  RESET_TOKEN_TTL_MS,
} from "~/models/verification-token.server";
import { action as changePasswordAction, loader as changePasswordLoader } from "~/routes/_auth+/change-password";
import { action as loginAction, loader as loginLoader } from "~/routes/_auth+/login";
import { action as resetRequestAction } from "~/routes/_auth+/reset-password._index";
import { action as resetConfirmAction } from "~/routes/_auth+/reset-password.confirm";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";

describe("sessions", () => {
  it("a session cookie signs the user in until the session row is deleted", async () => {
    const user = await createTestUser();
    const request = () => makeRequest("/", { cookie: user.cookie });
    expect((await getUser(request()))?.id).toBe(user.id);
    deleteSession(user.sessionId);
    expect(await getUser(request())).toBeNull();
  });

  it("an expired session is refused", async () => {
    const user = await createTestUser();
    db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, user.sessionId))
      .run();
    expect(await getUser(makeRequest("/", { cookie: user.cookie }))).toBeNull();
  });

  it("a tampered cookie is refused", async () => {
    const user = await createTestUser();
    expect(await getUser(makeRequest("/", { cookie: user.cookie.slice(0, -3) + "abc" }))).toBeNull();
  });

  it("requireUser sends a signed-out visitor to /login with redirectTo", async () => {
    const response = await callRoute(changePasswordLoader, makeRequest("/change-password?x=1"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fchange-password%3Fx%3D1");
  });

  it("a signed-in visitor at /login goes to /", async () => {
    const user = await createTestUser();
    const response = await callRoute(loginLoader, makeRequest("/login", { cookie: user.cookie }));
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("sign in", () => {
  it("signs in with the right password and refuses the wrong one", async () => {
    const user = await createTestUser();
    const ok = await callRoute(
      loginAction,
      makeRequest("/login", {
        form: { email: user.email.toUpperCase(), password: user.password, redirectTo: "/contacts" },
      }),
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/contacts");
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);

    const bad = await callRoute(
      loginAction,
      makeRequest("/login", { form: { email: user.email, password: "wrong-password" } }),
    );
    expect(bad.status).toBe(401);
    expect(JSON.stringify(await bad.json())).toContain("Invalid email or password");
  });

  it("never redirects off-site after sign-in", async () => {
    const user = await createTestUser();
    const response = await callRoute(
      loginAction,
      makeRequest("/login", { form: { email: user.email, password: user.password, redirectTo: "//evil.example" } }),
    );
    expect(response.headers.get("Location")).toBe("/");
  });
});

/** The "your password was changed" e-mails sent to an address. */
const passwordChangedMail = (email: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "password_changed")))
    .all();

describe("change password", () => {
  it("tells the account's address, without the password and with what to do if it wasn't them", async () => {
    const user = await createTestUser();
    expect(passwordChangedMail(user.email)).toHaveLength(0);
    const response = await callRoute(
      changePasswordAction,
      makeRequest("/change-password", {
        cookie: user.cookie,
        form: {
          currentPassword: user.password,
          newPassword: "changed-secret-77",
          confirmPassword: "changed-secret-77",
        },
      }),
    );
    expect(response.status).toBe(302);
    const [mail] = passwordChangedMail(user.email);
    expect(mail!.subject).toBe("Your Storyhearth password was changed");
    expect(mail!.text).toContain("If it wasn't you");
    expect(mail!.text).toContain("/reset-password");
    for (const part of [mail!.subject, mail!.text, mail!.html]) expect(part).not.toContain("changed-secret-77");
    // Account mail, written by our own process (decision 0201).
    expect(mail!.from).toMatch(/<account@[^>]+>$/);
    expect(mail!.headers).toMatchObject({ "Auto-Submitted": "auto-generated" });
  });

  it("a refused change sends nothing", async () => {
    const user = await createTestUser();
    await callRoute(
      changePasswordAction,
      makeRequest("/change-password", {
        cookie: user.cookie,
        form: { currentPassword: "wrong-one", newPassword: "changed-secret-77", confirmPassword: "changed-secret-77" },
      }),
    );
    expect(passwordChangedMail(user.email)).toHaveLength(0);
  });

  it("revokes the user's other sessions but keeps the current one", async () => {
    const user = await createTestUser();
    const other = await createTestUser({ email: `other-${Date.now()}@example.com` });
    // a second browser of the same user
    const { sessionCookieFor } = await import("../utils/auth");
    const second = await sessionCookieFor(user.id);
    const response = await callRoute(
      changePasswordAction,
      makeRequest("/change-password", {
        cookie: user.cookie,
        form: { currentPassword: user.password, newPassword: "new-password-1", confirmPassword: "new-password-1" },
      }),
    );
    expect(response.status).toBe(302);
    expect((await getUser(makeRequest("/", { cookie: user.cookie })))?.id).toBe(user.id);
    expect(await getUser(makeRequest("/", { cookie: second.cookie }))).toBeNull();
    expect((await getUser(makeRequest("/", { cookie: other.cookie })))?.id).toBe(other.id);
  });

  it("refuses a wrong current password with the spec's failure", async () => {
    const user = await createTestUser();
    const response = await callRoute(
      changePasswordAction,
      makeRequest("/change-password", {
        cookie: user.cookie,
        form: { currentPassword: "nope-nope", newPassword: "new-password-1", confirmPassword: "new-password-1" },
      }),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Current password is incorrect");
  });
});

describe("password reset", () => {
  it("a reset token works once", async () => {
    const user = await createTestUser();
    const token = createVerificationToken(user.id, "reset");
    expect(consumeVerificationToken(token, "reset")).toBe(user.id);
    expect(consumeVerificationToken(token, "reset")).toBeUndefined();
  });

  it("a reset token stops working after one hour", async () => {
    const user = await createTestUser();
    const token = createVerificationToken(user.id, "reset");
    const later = new Date(Date.now() + RESET_TOKEN_TTL_MS + 1000);
    expect(isTokenUsable(token, "reset", later)).toBe(false);
    expect(consumeVerificationToken(token, "reset", later)).toBeUndefined();
    expect(isTokenUsable(token, "reset")).toBe(true);
  });

  it("a reset e-mails a link, the link sets the password and signs out every session", async () => {
    const user = await createTestUser();
    const sent = await callRoute(resetRequestAction, makeRequest("/reset-password", { form: { email: user.email } }));
    expect(sent.status).toBe(200);
    const mail = db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email)).get();
    expect(mail?.subject).toBeTruthy();
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;

    const done = await callRoute(
      resetConfirmAction,
      makeRequest("/reset-password/confirm", {
        form: { token, newPassword: "brand-new-pass", confirmPassword: "brand-new-pass" },
      }),
    );
    expect(((await done.json()) as { state: string }).state).toBe("done");
    expect(await getUser(makeRequest("/", { cookie: user.cookie }))).toBeNull();
    const [changed] = passwordChangedMail(user.email);
    expect(changed!.text).toContain("If it wasn't you");
    expect(changed!.text).not.toContain("brand-new-pass");
    expect(changed!.from).toMatch(/<account@[^>]+>$/);
    expect(changed!.headers).toMatchObject({ "Auto-Submitted": "auto-generated" });

    const again = await callRoute(
      resetConfirmAction,
      makeRequest("/reset-password/confirm", {
        form: { token, newPassword: "other-new-pass", confirmPassword: "other-new-pass" },
      }),
    );
    expect(((await again.json()) as { state: string }).state).toBe("invalid");
    expect(passwordChangedMail(user.email)).toHaveLength(1);
  });

  it("an account invitation's link sets the first password: nothing changed, nothing to tell", async () => {
    const user = await createTestUser();
    const token = createVerificationToken(user.id, "invite");
    const done = await callRoute(
      resetConfirmAction,
      makeRequest("/reset-password/confirm", {
        form: { token, newPassword: "first-pass-1", confirmPassword: "first-pass-1" },
      }),
    );
    expect(((await done.json()) as { state: string }).state).toBe("done");
    expect(passwordChangedMail(user.email)).toHaveLength(0);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const before = db.select().from(emailOutbox).all().length;
    const response = await callRoute(
      resetRequestAction,
      makeRequest("/reset-password", { form: { email: "nobody@example.com" } }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { sent: boolean }).sent).toBe(true);
    expect(db.select().from(emailOutbox).all().length).toBe(before);
  });
});
