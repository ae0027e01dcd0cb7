import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailOutbox, invitations } from "#db/schema";
import { db } from "~/utils/db.server";
import { startFakeMailgun, type FakeMailgun } from "../mocks/mailgun-server";
import { makeCollection, MAILGUN } from "../support/email-loop";

const COUNT = 1000;
let fake: FakeMailgun;
beforeAll(async () => {
  fake = await startFakeMailgun(MAILGUN);
});
afterAll(async () => {
  await fake.close();
});

function startWorker() {
  return spawn(process.execPath, ["--import", "tsx", "tests/support/job-worker.ts"], {
    env: {
      ...process.env,
      MAILGUN_API_KEY: MAILGUN.apiKey,
      MAILGUN_DOMAIN: MAILGUN.domain,
      MAILGUN_URL: fake.url,
      EMAIL_RECONCILE_AFTER_MS: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

it(`kill -9 during a batch of ${COUNT} invitations, start again: each is sent exactly once`, async () => {
  const addresses = Array.from({ length: COUNT }, (_, i) => `relative-${i}@example.com`);
  makeCollection({ emails: addresses });

  const first = startWorker();
  const killedAt = await new Promise<number>((resolve, reject) => {
    const poll = setInterval(() => {
      if (fake.requests.length >= COUNT / 3) {
        clearInterval(poll);
        first.kill("SIGKILL");
        resolve(fake.requests.length);
      }
    }, 5);
    first.once("exit", () => {
      clearInterval(poll);
      reject(new Error("the worker finished before it could be killed"));
    });
  });
  await new Promise((resolve) => first.once("exit", resolve));
  expect(killedAt).toBeLessThan(COUNT);

  const second = startWorker();
  const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
  expect(code).toBe(0);

  const perAddress = new Map<string, number>();
  for (const r of fake.requests) perAddress.set(r.field("to")!, (perAddress.get(r.field("to")!) ?? 0) + 1);
  expect(perAddress.size).toBe(COUNT);
  expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
  expect(db.select().from(invitations).all().every((i) => i.status === "sent")).toBe(true);
  expect(db.select().from(emailOutbox).all().filter((m) => m.status !== "sent")).toEqual([]);
  console.log(`crash test: killed after ${killedAt} requests; ${fake.requests.length} e-mails for ${COUNT} invitations, no duplicates`);
}, 120_000);
