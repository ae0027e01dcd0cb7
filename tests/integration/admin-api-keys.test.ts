// API keys (shown once, only the sha256 stored, statuses, toggle, deactivation, delete) on the
// JSON calls and the pages, and the external API that keys open.
import { apiKeys, jobs, podcasts, stories, users } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { sha256 } from "~/lib/tokens.server";
import { createApiKey } from "~/models/api-key.server";
import * as keysPage from "~/routes/admin+/api-keys";
import * as createPage from "~/routes/admin+/create";
import * as settingsPage from "~/routes/admin+/settings";
import * as keys from "~/routes/api+/admin+/api-keys";
import * as keyById from "~/routes/api+/admin+/api-keys.$id";
import * as keyDeactivate from "~/routes/api+/admin+/api-keys.$id.deactivate";
import * as keyToggle from "~/routes/api+/admin+/api-keys.$id.toggle";
import * as download from "~/routes/api+/external+/download.$id";
import * as generate from "~/routes/api+/external+/generate-podcast";
import * as status from "~/routes/api+/external+/podcast-status.$id";
import * as list from "~/routes/api+/external+/podcasts";

import { createTestAdmin } from "../utils/admin-helpers";
import { callRoute, makeRequest } from "../utils/auth";
import { addPodcast } from "../utils/dashboard-helpers";

type KeyJson = {
  id: string;
  name: string;
  keyHash: string;
  apiKey?: string;
  status: string;
  usageCount: number;
  usageLimit: number | null;
  expiresAt: string | null;
};

const post = (cookie: string, json: unknown) =>
  callRoute(keys.action, makeRequest("/api/admin/api-keys", { cookie, json }));
const storedKey = (id: string) => db.select().from(apiKeys).where(eq(apiKeys.id, id)).get()!;
/** The new-key flash cookie a response set, as a Cookie header pair. */
const newKeyCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("__admin_new_key="));

describe("POST/GET /api/admin/api-keys", () => {
  it("answers the key once (with the shk_ prefix); only its sha256 is stored and the list never shows it", async () => {
    const admin = await createTestAdmin();
    const response = await post(admin.cookie, { name: "Partner CMS", description: "Nightly import" });
    expect(response.status).toBe(201);
    const created = (await response.json()) as KeyJson;
    expect(created.apiKey).toMatch(/^shk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: "Partner CMS",
      status: "Active",
      usageCount: 0,
      usageLimit: null,
      expiresAt: null,
    });

    const row = storedKey(created.id);
    expect(row.keyHash).toBe(sha256(created.apiKey!));
    expect(Object.values(row)).not.toContain(created.apiKey);
    expect(created.keyHash).toBe(row.keyHash.slice(0, 16));
    expect(row.createdById).toBe(admin.id);

    const listed = (await (
      await callRoute(keys.loader, makeRequest("/api/admin/api-keys", { cookie: admin.cookie }))
    ).json()) as KeyJson[];
    const item = listed.find((k) => k.id === created.id)!;
    expect(item).not.toHaveProperty("apiKey");
    expect(item.keyHash).toHaveLength(16);
    expect(JSON.stringify(listed)).not.toContain(created.apiKey);
  });

  it("takes the management shape: clientName, usageLimit and expiresIn days", async () => {
    const admin = await createTestAdmin();
    const before = Date.now();
    const created = (await (
      await post(admin.cookie, { clientName: "Mobile app", usageLimit: 5, expiresIn: 30 })
    ).json()) as KeyJson;
    expect(created).toMatchObject({ name: "Mobile app", usageLimit: 5 });
    const expires = new Date(created.expiresAt!).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(expires - before).toBeLessThan(30 * 86_400_000 + 60_000);
  });

  it("answers malformed bodies with a 4xx message, never a 500", async () => {
    const admin = await createTestAdmin();
    const cases: Array<[Promise<Response>, number]> = [
      [post(admin.cookie, {}), 400],
      [post(admin.cookie, { name: "   " }), 400],
      [post(admin.cookie, { clientName: "x", usageLimit: 1.5 }), 400],
      [post(admin.cookie, { clientName: "x", usageLimit: 0 }), 400],
      [post(admin.cookie, { clientName: "x", expiresIn: -3 }), 400],
      [post(admin.cookie, { name: "x", expiresAt: "not a date" }), 400],
      [post(admin.cookie, { name: "x", expiresAt: "2001-01-01T00:00:00Z" }), 400],
      [post(admin.cookie, ["name"]), 400],
      [
        callRoute(
          keys.action,
          makeRequest("/api/admin/api-keys", {
            cookie: admin.cookie,
            body: "{nope",
            headers: { "Content-Type": "application/json" },
          }),
        ),
        400,
      ],
      [
        callRoute(
          keys.action,
          makeRequest("/api/admin/api-keys", {
            cookie: admin.cookie,
            body: "name=x",
            headers: { "Content-Type": "text/plain" },
          }),
        ),
        415,
      ],
      [
        callRoute(
          keys.action,
          makeRequest("/api/admin/api-keys", { cookie: admin.cookie, method: "PUT", json: { name: "x" } }),
        ),
        405,
      ],
    ];
    for (const [pending, expected] of cases) {
      const response = await pending;
      expect(response.status).toBe(expected);
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    }
  });

  it("toggles, deactivates for good (no toggling back: 409) and deletes; unknown ids are 404", async () => {
    const admin = await createTestAdmin();
    const { key } = createApiKey(admin.id, { name: "Toggle me" });
    const call = (fn: typeof keyToggle.action, path: string, json?: unknown, method = "POST") =>
      callRoute(fn, makeRequest(path, { cookie: admin.cookie, method, json }), { id: key.id });

    const off = await call(keyToggle.action, `/api/admin/api-keys/${key.id}/toggle`, { isActive: false });
    expect(await off.json()).toMatchObject({ isActive: false, status: "Inactive" });
    const flipped = await call(keyToggle.action, `/api/admin/api-keys/${key.id}/toggle`);
    expect(await flipped.json()).toMatchObject({ isActive: true, status: "Active" });

    const gone = await call(keyDeactivate.action, `/api/admin/api-keys/${key.id}/deactivate`);
    expect(await gone.json()).toMatchObject({ isActive: false, status: "Deactivated" });
    expect(storedKey(key.id).deactivatedAt).toBeInstanceOf(Date);
    const back = await call(keyToggle.action, `/api/admin/api-keys/${key.id}/toggle`, { isActive: true });
    expect(back.status).toBe(409);
    expect(storedKey(key.id).isActive).toBe(false);

    const deleted = await callRoute(
      keyById.action,
      makeRequest(`/api/admin/api-keys/${key.id}`, { cookie: admin.cookie, method: "DELETE" }),
      { id: key.id },
    );
    expect(deleted.status).toBe(200);
    expect(db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get()).toBeUndefined();
    const again = await callRoute(
      keyById.action,
      makeRequest(`/api/admin/api-keys/${key.id}`, { cookie: admin.cookie, method: "DELETE" }),
      { id: key.id },
    );
    expect(again.status).toBe(404);
    const missing = await callRoute(
      keyToggle.action,
      makeRequest("/api/admin/api-keys/nope/toggle", { cookie: admin.cookie, json: {} }),
      { id: "nope" },
    );
    expect(missing.status).toBe(404);
  });
});

describe("API keys on the pages", () => {
  it("Create New → API Key leads to /admin/settings, which shows the key exactly once", async () => {
    const admin = await createTestAdmin();
    const created = await callRoute(
      createPage.action,
      makeRequest("/admin/create?tab=api-key", {
        cookie: admin.cookie,
        form: { intent: "api-key", name: "From the create tab" },
      }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin/settings");
    const flash = newKeyCookie(created)!;
    expect(flash).toBeDefined();
    const row = db.select().from(apiKeys).where(eq(apiKeys.name, "From the create tab")).get()!;
    // The cookie carries the key encrypted, not in the clear.
    expect(decodeURIComponent(flash)).not.toMatch(/shk_/);

    const first = await callRoute(
      settingsPage.loader,
      makeRequest("/admin/settings", { cookie: `${admin.cookie}; ${flash}` }),
    );
    const shown = (await first.json()) as { newKey: { apiKey: string; name: string } | null };
    expect(shown.newKey?.name).toBe("From the create tab");
    expect(sha256(shown.newKey!.apiKey)).toBe(row.keyHash);
    // The same response clears the cookie, so the next page load has nothing to show.
    expect(
      first.headers
        .getSetCookie()
        .some((c) => c.startsWith("__admin_new_key=;") && /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c)),
    ).toBe(true);
    const second = await callRoute(settingsPage.loader, makeRequest("/admin/settings", { cookie: admin.cookie }));
    expect(((await second.json()) as { newKey: unknown }).newKey).toBeNull();
  });

  it("a tampered new-key cookie shows nothing", async () => {
    const admin = await createTestAdmin();
    const page = await callRoute(
      keysPage.loader,
      makeRequest("/admin/api-keys", { cookie: `${admin.cookie}; __admin_new_key=${encodeURIComponent('"abc"')}` }),
    );
    expect(((await page.json()) as { newKey: unknown }).newKey).toBeNull();
  });

  it("the management dialog creates with limit and expiry, and refuses a missing client name", async () => {
    const admin = await createTestAdmin();
    const refused = await callRoute(
      keysPage.action,
      makeRequest("/admin/api-keys?dialog=create", {
        cookie: admin.cookie,
        form: { intent: "create", clientName: "", usageLimit: "abc" },
      }),
    );
    expect(refused.status).toBe(400);
    const reply = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(reply.result.error.clientName).toEqual(["Client name is required"]);
    expect(reply.result.error.usageLimit).toEqual(["Usage limit must be a whole number of at least 1"]);

    const created = await callRoute(
      keysPage.action,
      makeRequest("/admin/api-keys", {
        cookie: admin.cookie,
        form: { intent: "create", clientName: "Dialog key", usageLimit: "10", expiresIn: "7" },
      }),
    );
    expect(created.status).toBe(302);
    const page = await callRoute(
      keysPage.loader,
      makeRequest("/admin/api-keys", { cookie: `${admin.cookie}; ${newKeyCookie(created)}` }),
    );
    const body = (await page.json()) as { newKey: { apiKey: string }; keys: KeyJson[] };
    const row = db.select().from(apiKeys).where(eq(apiKeys.name, "Dialog key")).get()!;
    expect(row.usageLimit).toBe(10);
    expect(sha256(body.newKey.apiKey)).toBe(row.keyHash);
    expect(body.keys.find((k) => k.id === row.id)?.status).toBe("Active");
  });

  it("toggle, deactivate and delete intents; an expired key reads Expired", async () => {
    const admin = await createTestAdmin();
    const { key } = createApiKey(admin.id, { name: "Page key" });
    const { key: old } = createApiKey(admin.id, { name: "Old key", expiresAt: new Date(Date.now() + 60_000) });
    db.update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, old.id))
      .run();
    const act = (form: Record<string, string>) =>
      callRoute(keysPage.action, makeRequest("/admin/api-keys", { cookie: admin.cookie, form }));

    expect((await act({ intent: "toggle", id: key.id })).status).toBe(302);
    expect(storedKey(key.id).isActive).toBe(false);
    expect((await act({ intent: "deactivate", id: key.id })).status).toBe(302);
    expect(storedKey(key.id).deactivatedAt).not.toBeNull();
    const page = (await (
      await callRoute(keysPage.loader, makeRequest("/admin/api-keys", { cookie: admin.cookie }))
    ).json()) as { keys: KeyJson[] };
    expect(page.keys.find((k) => k.id === key.id)?.status).toBe("Deactivated");
    expect(page.keys.find((k) => k.id === old.id)?.status).toBe("Expired");
    expect((await act({ intent: "delete", id: key.id })).status).toBe(302);
    expect((await act({ intent: "delete", id: key.id })).status).toBe(404);
    const malformed = await callRoute(
      keysPage.action,
      makeRequest("/admin/api-keys", { cookie: admin.cookie, body: "x", headers: { "Content-Type": "text/plain" } }),
    );
    expect(malformed.status).toBe(415);
  });
});

// ── the external API ──────────────────────────────────────────────────────

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const listCall = (headers: Record<string, string>) =>
  callRoute(list.loader, makeRequest("/api/external/podcasts", { headers }));

describe("external API authentication", () => {
  it("refuses a missing, unknown, inactive, deactivated or expired key with 401 and a clear message", async () => {
    const admin = await createTestAdmin();
    const { key: inactive, apiKey: inactiveKey } = createApiKey(admin.id, { name: "inactive" });
    db.update(apiKeys).set({ isActive: false }).where(eq(apiKeys.id, inactive.id)).run();
    const { key: gone, apiKey: goneKey } = createApiKey(admin.id, { name: "gone" });
    db.update(apiKeys).set({ isActive: false, deactivatedAt: new Date() }).where(eq(apiKeys.id, gone.id)).run();
    const { key: expired, apiKey: expiredKey } = createApiKey(admin.id, { name: "expired" });
    db.update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiKeys.id, expired.id))
      .run();

    const cases: Array<[Record<string, string>, string]> = [
      [{}, "API key required. Send it as 'Authorization: Bearer <key>' or in the X-API-Key header."],
      [bearer("shk_not-a-real-key"), "Invalid API key"],
      [
        { Authorization: "Basic abc" },
        "API key required. Send it as 'Authorization: Bearer <key>' or in the X-API-Key header.",
      ],
      [bearer(inactiveKey), "This API key is inactive"],
      [bearer(goneKey), "This API key has been deactivated"],
      [bearer(expiredKey), "This API key has expired"],
    ];
    for (const [headers, message] of cases) {
      const response = await listCall(headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
      expect(await response.json()).toEqual({ message });
    }
    for (const id of [inactive.id, gone.id, expired.id]) expect(storedKey(id).usageCount).toBe(0);
  });

  it("counts every call (usageCount, lastUsed) and answers 429 once the usage limit is reached", async () => {
    const admin = await createTestAdmin();
    const { key, apiKey } = createApiKey(admin.id, { name: "limited", usageLimit: 2 });
    expect((await listCall(bearer(apiKey))).status).toBe(200);
    expect((await listCall({ "X-API-Key": apiKey })).status).toBe(200);
    const row = storedKey(key.id);
    expect(row.usageCount).toBe(2);
    expect(row.lastUsed).toBeInstanceOf(Date);
    const over = await listCall(bearer(apiKey));
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toBe(String(24 * 3600));
    expect(await over.json()).toEqual({ message: "This API key has reached its usage limit" });
    expect(storedKey(key.id).usageCount).toBe(2);
  });

  it("a key whose creator is gone is refused with 403", async () => {
    const admin = await createTestAdmin();
    const { apiKey } = createApiKey(admin.id, { name: "orphan" });
    db.delete(users).where(eq(users.id, admin.id)).run();
    const response = await listCall(bearer(apiKey));
    expect(response.status).toBe(403);
  });
});

describe("external podcast calls", () => {
  const generateCall = (apiKey: string, json: unknown) =>
    callRoute(generate.action, makeRequest("/api/external/generate-podcast", { headers: bearer(apiKey), json }));

  it("generate → 202 queued for the key's creator; status, list and 409 on an unfinished download", async () => {
    const admin = await createTestAdmin({ podcastLimit: 10 });
    const { apiKey } = createApiKey(admin.id, { name: "generator" });
    const response = await generateCall(apiKey, {
      title: "Summers at the Lake",
      content: "Every July we drove north to the lake.",
      voiceConfig: { hostCount: 2 },
    });
    expect(response.status).toBe(202);
    const started = (await response.json()) as {
      podcastId: string;
      storyId: string;
      status: string;
      statusUrl: string;
      downloadUrl: string;
    };
    expect(started).toMatchObject({
      status: "queued",
      statusUrl: `/api/external/podcast-status/${started.podcastId}`,
      downloadUrl: `/api/external/download/${started.podcastId}`,
    });

    const podcast = db.select().from(podcasts).where(eq(podcasts.id, started.podcastId)).get()!;
    expect(podcast).toMatchObject({
      ownerId: admin.id,
      storyId: started.storyId,
      title: "Summers at the Lake",
      hostCount: 2,
      status: "queued",
    });
    expect(db.select().from(stories).where(eq(stories.id, started.storyId)).get()).toMatchObject({
      ownerId: admin.id,
      source: "text",
    });
    expect(
      db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `podcast:${started.podcastId}:1`))
        .get()?.status,
    ).toBe("queued");
    expect(db.select().from(users).where(eq(users.id, admin.id)).get()?.podcastsGenerated).toBe(1);

    const polled = await callRoute(status.loader, makeRequest(started.statusUrl, { headers: bearer(apiKey) }), {
      id: started.podcastId,
    });
    expect(await polled.json()).toMatchObject({
      id: started.podcastId,
      status: "queued",
      statusLabel: "In queue",
      progress: 5,
      downloadUrl: null,
    });
    const listed = (await (await listCall(bearer(apiKey))).json()) as Array<{ id: string }>;
    expect(listed.map((p) => p.id)).toContain(started.podcastId);

    const early = await callRoute(download.loader, makeRequest(started.downloadUrl, { headers: bearer(apiKey) }), {
      id: started.podcastId,
    });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: "The podcast is not ready yet", status: "queued" });
  });

  it("downloads the finished MP3 (and a byte range); another account's key gets 404", async () => {
    const admin = await createTestAdmin();
    const other = await createTestAdmin();
    const { apiKey } = createApiKey(admin.id, { name: "downloader" });
    const { apiKey: otherKey } = createApiKey(other.id, { name: "someone else" });
    const audioKey = `podcasts/test-${admin.id}/episode.mp3`;
    const bytes = Buffer.from("ID3-fake-mp3-bytes-0123456789");
    await getStorage().put(audioKey, bytes);
    const podcast = addPodcast(admin.id, {
      title: "Grandma's Kitchen",
      audioKey,
      fileSize: bytes.length,
      completedAt: new Date(),
    });

    const full = await callRoute(
      download.loader,
      makeRequest(`/api/external/download/${podcast.id}`, { headers: bearer(apiKey) }),
      { id: podcast.id },
    );
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(full.headers.get("Content-Disposition")).toBe('attachment; filename="grandma-s-kitchen.mp3"');
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await callRoute(
      download.loader,
      makeRequest(`/api/external/download/${podcast.id}`, { headers: { ...bearer(apiKey), Range: "bytes=0-2" } }),
      { id: podcast.id },
    );
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("ID3");

    const polled = await callRoute(
      status.loader,
      makeRequest(`/api/external/podcast-status/${podcast.id}`, { headers: bearer(apiKey) }),
      { id: podcast.id },
    );
    expect(await polled.json()).toMatchObject({
      status: "complete",
      progress: 100,
      downloadUrl: `/api/external/download/${podcast.id}`,
    });

    for (const fn of [download.loader, status.loader]) {
      const foreign = await callRoute(
        fn,
        makeRequest(`/api/external/download/${podcast.id}`, { headers: bearer(otherKey) }),
        { id: podcast.id },
      );
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ message: "Podcast not found" });
    }
    const otherList = (await (await listCall(bearer(otherKey))).json()) as unknown[];
    expect(otherList).toEqual([]);
  });

  it("bad bodies answer 400 with the story messages; over the podcast limit 403 leaves no story behind", async () => {
    const admin = await createTestAdmin({ podcastLimit: 0 });
    const { apiKey } = createApiKey(admin.id, { name: "bad bodies" });
    const cases: Array<[unknown, number]> = [
      [{ content: "text" }, 400],
      [{ title: "T", content: "   " }, 400],
      [{ title: "T", content: "C", voiceConfig: { hostCount: 3 } }, 400],
      [{ title: "T", content: "C", options: { backgroundMusic: "dubstep" } }, 400],
      ["just a string", 400],
    ];
    for (const [json, expected] of cases) {
      const response = await generateCall(apiKey, json);
      expect(response.status).toBe(expected);
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string");
    }
    const malformed = await callRoute(
      generate.action,
      makeRequest("/api/external/generate-podcast", {
        headers: { ...bearer(apiKey), "Content-Type": "application/json" },
        body: "{",
      }),
    );
    expect(malformed.status).toBe(400);

    const limited = await generateCall(apiKey, { title: "One too many", content: "A story." });
    expect(limited.status).toBe(403);
    expect(db.select().from(stories).where(eq(stories.ownerId, admin.id)).all()).toEqual([]);
    expect(db.select().from(podcasts).where(eq(podcasts.ownerId, admin.id)).all()).toEqual([]);
  });
});
