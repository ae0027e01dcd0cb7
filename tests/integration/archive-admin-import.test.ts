// The administrator's upload of an archive: the zip is imported for the named owner; a
// file that is not an archive, a missing file or address is a 400 with a sentence; only admins.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { campaigns, users } from "#db/schema";
import { eq } from "drizzle-orm";
import express from "express";
import { beforeAll, expect, test } from "vitest";

import { archiveResponse } from "~/features/archive/zip.server";
import { db } from "~/lib/db.server";
import { getStorage } from "~/lib/storage/storage.server";
import { action } from "~/routes/admin+/import-archive";

import { bodyLimits } from "../../server/body-limit";
import { createTestAdmin, type TestAdmin } from "../utils/admin-helpers";
import { createArchiveFamily, ORIGINAL_M4A } from "../utils/archive-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";

let admin: TestAdmin;
let zip: Buffer;
beforeAll(async () => {
  admin = await createTestAdmin();
  const alice = await createTestUser();
  await createArchiveFamily(alice.id);
  zip = Buffer.from(await (await archiveResponse(alice.id))!.arrayBuffer());
});

function upload(cookie: string, fields: { ownerEmail?: string; file?: Buffer }) {
  const form = new FormData();
  if (fields.ownerEmail !== undefined) form.append("ownerEmail", fields.ownerEmail);
  if (fields.file)
    form.append("archive", new File([new Uint8Array(fields.file)], "family.zip", { type: "application/zip" }));
  return callRoute(action, makeRequest("/admin/import-archive", { method: "POST", cookie, body: form }));
}

test("an admin imports an archive for a new owner", async () => {
  const email = `imported-${Date.now()}@example.com`;
  const response = await upload(admin.cookie, { ownerEmail: email, file: zip });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/import-archive");
  const owner = db.select().from(users).where(eq(users.email, email)).get()!;
  expect(db.select().from(campaigns).where(eq(campaigns.ownerId, owner.id)).all()).toHaveLength(2);
});

test("a file that is not an archive, or no file, or no address: a 400 that says so, nothing imported", async () => {
  const email = `nobody-${Date.now()}@example.com`;
  const notZip = await upload(admin.cookie, { ownerEmail: email, file: Buffer.from("hello") });
  expect(notZip.status).toBe(400);
  expect(await notZip.json()).toEqual({ error: expect.stringMatching(/^Nothing was imported: Not a zip archive/) });
  expect(db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined();
  expect(await (await upload(admin.cookie, { ownerEmail: email })).json()).toEqual({
    error: "Choose the archive's .zip file.",
  });
  expect(await (await upload(admin.cookie, { ownerEmail: "not an address", file: zip })).json()).toEqual({
    error: "Enter the owner's e-mail address.",
  });
  const leftovers = (await fs.readdir((await import("node:os")).tmpdir())).filter((name) =>
    name.startsWith("storyhearth-upload-archive-"),
  );
  expect(leftovers).toEqual([]);
});

test("someone who is not an admin cannot import", async () => {
  const user = await createTestUser();
  const email = `sneaky-${Date.now()}@example.com`;
  const response = await upload(user.cookie, { ownerEmail: email, file: zip });
  expect(await response.json()).toEqual({ message: "Admin Access Required" });
  expect(db.select().from(users).where(eq(users.email, email)).get()).toBeUndefined();
});

test("an archive over the 2 MB form cap passes the body limits in front of the route and is imported", async () => {
  const MB = 1024 * 1024;
  const alice = await createTestUser();
  const family = await createArchiveFamily(alice.id);
  // Random bytes do not compress, so the export is as large as a family's real one.
  await getStorage().put(family.recording.originalKey, Buffer.concat([ORIGINAL_M4A, randomBytes(3.5 * MB)]));
  const big = Buffer.from(await (await archiveResponse(alice.id))!.arrayBuffer());
  expect(big.byteLength).toBeGreaterThan(3.5 * MB);

  // The real body limits over real HTTP, in front of the route's action as Remix calls it.
  const app = express();
  app.use(bodyLimits());
  app.post("/admin/import-archive", async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const request = new Request(`http://localhost${req.originalUrl}`, {
      method: "POST",
      headers,
      body: Readable.toWeb(req) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    const answer = await callRoute(action, request);
    res
      .status(answer.status)
      .set("Location", answer.headers.get("Location") ?? "")
      .send(await answer.text());
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const email = `large-${Date.now()}@example.com`;
    const form = new FormData();
    form.append("ownerEmail", email);
    form.append("archive", new File([new Uint8Array(big)], "family.zip", { type: "application/zip" }));
    const port = (server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/admin/import-archive`, {
      method: "POST",
      headers: { Cookie: admin.cookie },
      body: form,
      redirect: "manual",
    });
    expect({ status: response.status, location: response.headers.get("Location") }).toEqual({
      status: 302,
      location: "/admin/import-archive",
    });
    const owner = db.select().from(users).where(eq(users.email, email)).get()!;
    expect(db.select().from(campaigns).where(eq(campaigns.ownerId, owner.id)).all()).toHaveLength(2);
  } finally {
    server.close();
  }
});
