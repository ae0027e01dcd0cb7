// An account deleted while one of its jobs runs: a relative's recording is being converted when the
// owner deletes the account. Afterwards no row of any table and no file anywhere under DATA_DIR names
// the family (its ids, tokens, names or addresses), the job ended quietly, and another family is untouched.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as schema from "#db/schema";
import { eq, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

import { abandonedJobHandlers, jobHandlers } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { setJobStepHook } from "~/lib/queue/job-steps.server";
import { JobRunner } from "~/lib/queue/runner.server";
import { storageKeys } from "~/lib/storage/keys";
import { getStorage } from "~/lib/storage/storage.server";
import { action as deleteAction } from "~/routes/_auth+/delete-account";
import { action as contributeAction } from "~/routes/_public+/contribute.$publicId";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { seedFamily } from "../utils/erasure-helpers";
import { makeVoiceMemo } from "../utils/voice-memos";

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);
type Row = Record<string, unknown>;
const dump = () =>
  new Map(
    tables.map((table) => [
      getTableName(table),
      (db.select().from(table).all() as Row[]).map((row) => JSON.stringify(row)),
    ]),
  );

/** Every file under DATA_DIR, by its path there, with its bytes. */
function dataDirFiles(dir = path.resolve(env().DATA_DIR), base = dir): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [key, bytes] of dataDirFiles(full, base)) files.set(key, bytes);
    else files.set(path.relative(base, full).split(path.sep).join("/"), fs.readFileSync(full));
  }
  return files;
}

/** Ids, tokens and addresses in the rows `after` has and `before` had nowhere: what names the family. */
function namesOf(before: Map<string, string[]>, after: Map<string, string[]>) {
  const known = [...before.values()].flat().join("\n");
  const found = new Set<string>();
  for (const [name, rows] of after) {
    for (const row of rows.filter((r) => !before.get(name)!.includes(r))) {
      for (const value of Object.values(JSON.parse(row) as Row)) {
        if (typeof value !== "string") continue;
        if ((/^[A-Za-z0-9_-]{12,}$/.test(value) || /^[^\s@<>]+@[^\s@<>]+$/.test(value)) && !known.includes(value))
          found.add(value.toLowerCase());
      }
    }
  }
  return [...found];
}

const answer = async (publicId: string, fields: Record<string, string>, file: File) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("recording", file);
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  return callRoute(
    contributeAction,
    makeRequest(`/contribute/${publicId}`, { body, headers: { "Content-Type": encoded.headers.get("content-type")! } }),
    { publicId },
  );
};

describe("deleting an account while its job runs", () => {
  it("leaves no row and no file that names the family, and the job ends quietly", async () => {
    const storage = getStorage();
    const admin = await createTestUser({ role: "admin" });
    const testimonials = db
      .insert(schema.testimonialCampaigns)
      .values({
        publicId: `t-${randomUUID()}`,
        title: "Tell us",
        questions: [{ question: "Why?" }],
        createdById: admin.id,
      })
      .returning()
      .get();
    const stayer = await createTestUser({ lastName: "Stays" });
    const stayerFamily = await seedFamily(stayer, storage, testimonials.id);
    const before = dump();
    const filesBefore = dataDirFiles();

    const leaver = await createTestUser({ firstName: "Lenora", lastName: "Leavingsworth" });
    const family = await seedFamily(leaver, storage, testimonials.id);
    // Two relatives answer by voice through the public form: each answer is a story, a recording to
    // convert and a thank-you e-mail.
    const relatives = [`mae-${randomUUID()}@example.com`, `tom-${randomUUID()}@example.com`];
    for (const [i, email] of relatives.entries()) {
      expect(
        (
          await answer(
            family.campaign.publicId,
            { contributorName: i ? "Uncle Tom" : "Aunt Mae", contributorEmail: email },
            await makeVoiceMemo("webm"),
          )
        ).status,
      ).toBe(302);
    }

    // The first conversion runs to its end; the second is held just before it stores the converted copy.
    const runner = new JobRunner({ handlers: jobHandlers, abandoned: abandonedJobHandlers });
    let conversions = 0;
    let reached!: () => void;
    let release!: () => void;
    const atStore = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    setJobStepHook(async (step) => {
      if (step !== "convert-recording:store" || ++conversions !== 2) return;
      reached();
      await released;
    });
    try {
      expect(await runner.runOne()).toBe(true);
      const seeded = dump();
      const names = [...namesOf(before, seeded), "lenora", "leavingsworth"];
      expect(names).toEqual(expect.arrayContaining([leaver.id, leaver.email.toLowerCase(), ...relatives]));

      const inFlight = runner.runOne();
      await atStore;
      const held = db
        .select()
        .from(schema.contributionRecordings)
        .where(eq(schema.contributionRecordings.status, "converting"))
        .all();
      expect(held).toHaveLength(1);
      const response = await callRoute(
        deleteAction,
        makeRequest("/delete-account", {
          cookie: leaver.cookie,
          form: { confirmation: leaver.email, password: leaver.password },
        }),
      );
      expect(response.status).toBe(302);
      // What a job elsewhere could still write between the deletion and its next step: e-mail naming the
      // family's story, and to its owner. The file removal waits for such jobs, then finds these again.
      const mail = { from: "x@example.com", subject: "Thanks", html: "", text: "" };
      db.insert(schema.emailOutbox)
        .values({
          ...mail,
          kind: "story_thanks",
          to: relatives[1]!,
          dedupeKey: `story-thanks:late:${held[0]!.contributionId}`,
        })
        .run();
      db.insert(schema.emailOutbox)
        .values({ ...mail, kind: "podcast_ready", to: `Lenora <${leaver.email.toUpperCase()}>` })
        .run();
      release();
      await inFlight;
      // Stopped at its step, before the converted copy was stored; its row is gone, not failed.
      expect(await storage.size(storageKeys.recording(held[0]!.contributionId, `${held[0]!.id}.mp3`))).toBeNull();
      expect(db.select().from(schema.jobs).where(eq(schema.jobs.type, "convert-recording")).all()).toEqual([]);
      await runner.runUntilIdle();

      // The database, every table.
      const after = dump();
      for (const [name, rows] of after) {
        const naming = rows.filter((row) => names.some((value) => row.toLowerCase().includes(value)));
        expect.soft(naming, `${name} names the family`).toEqual([]);
        expect(
          before.get(name)!.filter((row) => !rows.includes(row)),
          `${name}: another family's rows stay`,
        ).toEqual([]);
        const added = rows.filter((row) => !before.get(name)!.includes(row));
        // The job ended quietly: not failed, no retry, no e-mail, no error for the administrators.
        if (name === "activities")
          expect(added.map((row) => (JSON.parse(row) as Row).type)).toEqual(["account_deleted"]);
        else expect.soft(added, `${name}: nothing of the family is left`).toEqual([]);
      }

      // Every file under DATA_DIR, by path and by content; the one new file is the erasure log's line.
      const files = dataDirFiles();
      for (const [key, bytes] of files) {
        const text = `${key}\n${bytes.toString("latin1")}`.toLowerCase();
        const named = names.filter((value) => text.includes(value));
        if (key.startsWith(`consent/account-deletions/${leaver.id}/`)) expect(named, key).toEqual([leaver.id]);
        else expect.soft(named, key).toEqual([]);
      }
      expect([...files.keys()].filter((key) => !filesBefore.has(key))).toEqual([
        expect.stringMatching(new RegExp(`^consent/account-deletions/${leaver.id}/\\d+$`)),
      ]);
      for (const key of family.keys) expect(await storage.size(key), key).toBeNull();
      for (const key of stayerFamily.keys) expect(await storage.size(key), key).not.toBeNull();
    } finally {
      setJobStepHook(null);
    }
  }, 60_000);

  it("a conversion whose story is deleted while it runs removes the copy it stored and ends quietly", async () => {
    const owner = await createTestUser();
    const campaign = db
      .insert(schema.campaigns)
      .values({
        ownerId: owner.id,
        title: "Summers",
        publicId: `pub-${randomUUID()}`,
        prompt: "Tell us",
        status: "active",
      })
      .returning()
      .get();
    expect(
      (
        await answer(
          campaign.publicId,
          { contributorName: "Aunt Mae", contributorEmail: `mae-${randomUUID()}@example.com` },
          await makeVoiceMemo("webm"),
        )
      ).status,
    ).toBe(302);
    const recording = db
      .select()
      .from(schema.contributionRecordings)
      .where(eq(schema.contributionRecordings.status, "converting"))
      .get()!;
    const errorsBefore = db.select().from(schema.systemErrors).all().length;
    const mailBefore = db.select().from(schema.emailOutbox).all().length;
    // Deleted by another process after the job's last look (its row is not cancelled): the job finds out when it writes.
    setJobStepHook((step) => {
      if (step === "convert-recording:store")
        db.delete(schema.contributions).where(eq(schema.contributions.id, recording.contributionId)).run();
    });
    try {
      expect(await new JobRunner({ handlers: jobHandlers }).runOne()).toBe(true);
    } finally {
      setJobStepHook(null);
    }
    expect(await getStorage().size(storageKeys.recording(recording.contributionId, `${recording.id}.mp3`))).toBeNull();
    expect(await getStorage().list(storageKeys.recording(recording.contributionId, ""))).toEqual([
      expect.objectContaining({ key: recording.originalKey }),
    ]);
    expect(db.select().from(schema.jobs).where(eq(schema.jobs.type, "convert-recording")).all()).toEqual([]);
    expect(db.select().from(schema.systemErrors).all()).toHaveLength(errorsBefore);
    expect(db.select().from(schema.emailOutbox).all()).toHaveLength(mailBefore);
  });
});
