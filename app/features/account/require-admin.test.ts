import { sessions } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { requireAdmin } from "~/features/account/auth.server";
import { db } from "~/lib/db.server";

import { createTestAdmin } from "../../../tests/utils/admin-helpers";
import { createTestUser, makeRequest } from "../../../tests/utils/auth";

async function thrown(request: Request) {
  try {
    await requireAdmin(request);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("requireAdmin let the request through");
}

describe("requireAdmin", () => {
  it("answers 401 and clears the cookie when the admin session has ended, expired or revoked", async () => {
    const admin = await createTestAdmin();
    await expect(requireAdmin(makeRequest("/admin", { cookie: admin.cookie }))).resolves.toMatchObject({
      id: admin.id,
    });

    db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, admin.id))
      .run();
    const expired = await thrown(makeRequest("/admin", { cookie: admin.cookie }));
    expect(expired.status).toBe(401);
    expect(expired.headers.get("Set-Cookie")).toMatch(/^__admin_session=;.*Expires=Thu, 01 Jan 1970/);

    db.delete(sessions).where(eq(sessions.userId, admin.id)).run();
    expect((await thrown(makeRequest("/admin", { cookie: admin.cookie }))).status).toBe(401);
  });

  it("answers 403 to a visitor without an admin session and to an ordinary account", async () => {
    expect((await thrown(makeRequest("/admin"))).status).toBe(403);
    const user = await createTestUser();
    expect((await thrown(makeRequest("/admin", { cookie: user.cookie }))).status).toBe(403);
  });
});
