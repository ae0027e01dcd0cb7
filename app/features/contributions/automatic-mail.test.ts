import { describe, expect, it } from "vitest";

import { automaticMail, automaticReplySummary } from "./automatic-mail";

const headers =
  (fields: Record<string, string> = {}) =>
  (name: string) =>
    Object.entries(fields).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
const person = {
  from: "Rosa Bianchi <rosa@example.com>",
  subject: "Re: Grandpa Joe's Kitchen",
  body: "He learned to cook in Naples.",
};

const DSN = `This is the mail system at host mx.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<rosa@example.com>: host mx.example.com said: 550 5.1.1 <rosa@example.com>: Recipient address rejected: User unknown

Reporting-MTA: dns; mx.example.net
Final-Recipient: rfc822; rosa@example.com
Original-Recipient: rfc822;rosa@example.com
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <rosa@example.com>: Recipient address rejected: User unknown`;

describe("automatic mail", () => {
  it("a person's reply is none, whatever it says about holidays", () => {
    expect(automaticMail(headers(), person)).toBeNull();
    expect(automaticMail(headers({ "Auto-Submitted": "no" }), person)).toBeNull();
    expect(automaticMail(headers(), { ...person, subject: "Re: Out of office we went to the lake" })).toBeNull();
    expect(automaticMail(headers(), { ...person, body: "I was out of office all summer, so we cooked." })).toBeNull();
  });

  it.each([
    ["Auto-Submitted: auto-replied (RFC 3834, Gmail's vacation responder)", { "Auto-Submitted": "auto-replied" }],
    ["auto-submitted in lower case", { "auto-submitted": "auto-generated" }],
    ["Precedence: auto_reply", { Precedence: "auto_reply" }],
    ["Precedence: bulk", { Precedence: "bulk" }],
    ["X-Autoreply", { "X-Autoreply": "yes" }],
    ["X-Autorespond", { "X-Autorespond": "Out of office" }],
  ])("%s is an automatic reply", (_, fields) => {
    expect(automaticMail(headers(fields), person)).toEqual({ kind: "auto-reply" });
  });

  it.each([
    "Automatic reply: Grandpa Joe's Kitchen",
    "Out of Office: Grandpa Joe's Kitchen",
    "Out of the office until 12 January",
    "AutoReply: Re: your invitation",
    "Réponse automatique : Grandpa Joe's Kitchen",
    "Abwesenheitsnotiz: Grandpa Joe's Kitchen",
    "Automatische Antwort: Grandpa Joe's Kitchen",
    "Respuesta automática: Grandpa Joe's Kitchen",
    "Risposta automatica: Grandpa Joe's Kitchen",
    "Automatisch antwoord: Grandpa Joe's Kitchen",
    "Resposta automática: Grandpa Joe's Kitchen",
    "Odpowiedź automatyczna: Grandpa Joe's Kitchen",
    "Автоматический ответ: Grandpa Joe's Kitchen",
    "Automatiskt svar: Grandpa Joe's Kitchen",
    "自動返信: Grandpa Joe's Kitchen",
  ])("the subject %j with no header is an automatic reply", (subject) => {
    expect(automaticMail(headers(), { ...person, subject })).toEqual({ kind: "auto-reply" });
  });

  it("a DSN is a bounce, permanent for the address it names", () => {
    const dsn = {
      from: "Mail Delivery System <MAILER-DAEMON@mx.example.net>",
      subject: "Undelivered Mail Returned to Sender",
      body: DSN,
    };
    expect(
      automaticMail(headers({ "Content-Type": "multipart/report; report-type=delivery-status; boundary=x" }), dsn),
    ).toEqual({
      kind: "bounce",
      permanent: true,
      recipients: ["rosa@example.com"],
      reason: "550 5.1.1 <rosa@example.com>: Recipient address rejected: User unknown",
    });
  });

  it("a bounce is known by its sender or subject without the report's type, and a delay is not permanent", () => {
    const delay = {
      from: "postmaster@example.org",
      subject: "Delivery Status Notification (Delay)",
      body: "Final-Recipient: rfc822; rosa@example.com\nAction: delayed\nStatus: 4.4.7",
    };
    expect(automaticMail(headers(), delay)).toMatchObject({
      kind: "bounce",
      permanent: false,
      recipients: ["rosa@example.com"],
    });
    const gmail = {
      from: "Mail Delivery Subsystem <mailer-daemon@googlemail.com>",
      subject: "Delivery Status Notification (Failure)",
      body: "Address not found\n\nYour message wasn't delivered to rosa@example.com because the address couldn't be found.\n\n550 5.1.1 The email account that you tried to reach does not exist.",
    };
    expect(automaticMail(headers(), gmail)).toMatchObject({
      kind: "bounce",
      permanent: true,
      recipients: ["rosa@example.com"],
    });
  });

  it("the owner reads the first sentence of an automatic reply, not its greeting", () => {
    expect(
      automaticReplySummary("Hello,\n\nI am away until 12 January. I will read your e-mail when I am back.\n\nRosa"),
    ).toBe("I am away until 12 January.");
    expect(automaticReplySummary("Out of office")).toBe("Out of office");
    expect(automaticReplySummary("\n\n")).toBe("");
    expect(automaticReplySummary("x".repeat(300))).toHaveLength(160);
  });
});
