// The dev mailbox's "reply" posts a signed inbound webhook to this app: to the configured APP_URL,
// never to whatever host the request's Host header named (which would hand a signed post to it).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

import { replyAddressFor } from "~/features/contributions/reply-address.server";
import { queueEmail } from "~/lib/email/outbox.server";

import { createTestUser } from "../utils/auth";
import { createTestCampaign, createTestInvitation } from "../utils/stories-helpers";

const received: Array<{ host: string | undefined; path: string | undefined; body: string }> = [];
let app: http.Server;

beforeAll(async () => {
  // Stands in for the app at APP_URL: notes each post and answers as the webhook does.
  app = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ host: req.headers.host, path: req.url, body });
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ message: "ok" }));
    });
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  process.env.APP_URL = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  // env() keeps its first parse: the route is loaded afresh with APP_URL set.
  vi.resetModules();
});

afterAll(() => {
  delete process.env.APP_URL;
  vi.resetModules();
  app.close();
});

test("the reply goes to APP_URL whatever the Host header says", async () => {
  const owner = await createTestUser();
  const invitation = createTestInvitation(createTestCampaign(owner.id).id);
  const email = queueEmail({
    kind: "campaign_invitation",
    to: invitation.email,
    from: "Storyhearth <stories@mg.example.com>",
    replyTo: replyAddressFor(invitation.token),
    subject: "Share a story",
    html: "<p>Tell us about the lake.</p>",
    text: "Tell us about the lake.",
  });
  const { action } = await import("~/routes/dev+/mailbox.$emailId");
  // Express builds the request's URL from the Host header the client sent.
  const request = new Request(`http://attacker.example/dev/mailbox/${email.id}`, {
    method: "POST",
    headers: { Host: "attacker.example" },
    body: new URLSearchParams({ body: "We rowed across at dawn." }),
  });
  const answer = await action({ request, params: { emailId: email.id }, context: {} });
  expect(answer).toMatchObject({ ok: true });
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ host: new URL(process.env.APP_URL!).host, path: "/webhooks/mailgun/inbound" });
  expect(received[0]!.body).toContain("We rowed across at dawn.");
});
