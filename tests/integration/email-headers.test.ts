// A collection's title reaches e-mail Subject headers; control characters in it must not.
// Every e-mail is built by queueOutgoingEmail, which makes each header value one clean line; the
// fake Mailgun shows what actually leaves.
import { emailOutbox } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/lib/db.server";

import type { FakeMailgun } from "../mocks/mailgun-server";
import { makeCollection, startMailLoop } from "../support/email-loop";

let loop: Awaited<ReturnType<typeof startMailLoop>>;
let fake: FakeMailgun;

beforeAll(async () => {
  loop = await startMailLoop();
  fake = loop.fake;
});
afterAll(() => fake.close());

// eslint-disable-next-line no-control-regex -- what the test looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe("e-mail header values", () => {
  it("a collection title with control characters reaches the invitation's Subject as one clean line", async () => {
    const title = "Summers\u0007 at the\u0000 Lake\r\nBcc: everyone@example.com\u001b[2J\u0085";
    makeCollection({ emails: ["robert@example.com"], title });
    await loop.invitationsJob.dispatchDueInvitations();

    const row = db.select().from(emailOutbox).where(eq(emailOutbox.to, "robert@example.com")).all().at(-1)!;
    expect(row.subject).not.toMatch(CONTROL);
    expect(row.subject).toContain("Summers at the Lake Bcc: everyone@example.com[2J");
    const sent = fake.requests.find((r) => r.field("to") === "robert@example.com")!;
    expect(sent.field("subject")).toBe(row.subject);
    expect(Object.values(sent.headers).join("")).not.toMatch(CONTROL);
    expect(sent.field("bcc")).toBeUndefined();
  });

  it("every header a caller gives is cleaned the same way", async () => {
    const row = loop.email.queueOutgoingEmail({
      kind: "test",
      to: "nan@example.com\r\n",
      subject: "Hello\u0000 there",
      html: "<p>Hi</p>",
      text: "Hi\r\n\u0007 body text is not a header and is left alone",
      replyTo: "reply\u0007@example.com",
      headers: { "List-Unsubscribe": "<https://example.com/u>\r\nX-Evil: 1" },
    });
    expect([row.to, row.subject, row.replyTo, row.headers["List-Unsubscribe"]]).toEqual([
      "nan@example.com",
      "Hello there",
      "reply@example.com",
      "<https://example.com/u> X-Evil: 1",
    ]);
    expect(row.text).toBe("Hi\r\n\u0007 body text is not a header and is left alone");
  });
});
