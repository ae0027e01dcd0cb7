// Two relatives answered by e-mail, one quoting the invitation under "Sent from my iPhone": the family
// book, the listening page of its QR link and the archive (site and data.json) hold only their words,
// never the stored e-mail with the invitee's answer link, reply address or unsubscribe link (decision 0190).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { bookLinks } from "#db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { db } from "~/lib/db.server";
import { createUser } from "~/models/user.server";
import { loader as collectionArchive } from "~/routes/_app+/campaigns.$campaignId.archive";
import { loader as listenLoader } from "~/routes/_public+/b.$token";

import { readZip } from "../utils/archive-helpers";
import { callRoute, makeRequest, sessionCookieFor, type TestUser } from "../utils/auth";
import { makeBook, pdfTool } from "../utils/book-helpers";
import { makeMp3 } from "../utils/listening-helpers";
import { createRepliedCollection, privateParts, RELATIVE_WORDS } from "../utils/private-links-helpers";

let owner: TestUser;
let family: Awaited<ReturnType<typeof createRepliedCollection>>;
const scratch: string[] = [];
afterAll(() => scratch.forEach((p) => fs.rmSync(p, { recursive: true, force: true })));

beforeAll(async () => {
  const user = await createUser({
    email: `owner-${randomUUID()}@example.com`,
    firstName: "Margaret",
    lastName: "Whitfield",
    password: "pw-private-links",
  });
  owner = {
    ...user,
    password: "pw-private-links",
    ...(await sessionCookieFor(user.id)),
  };
  family = await createRepliedCollection(owner.id, "Margaret Whitfield", await makeMp3());
  // The stored e-mail really holds what must not be printed.
  for (const part of privateParts(family.robert)) expect(family.raw).toContain(part);
});

const flat = (text: string) => text.replace(/\s+/g, " ").trim();
const expectOnlyTheirWords = (text: string) => {
  for (const part of privateParts(family.robert)) expect(text).not.toContain(part);
  expect(text).not.toContain("Sent from my iPhone");
  expect(text).not.toContain("is gathering family stories");
};

describe("a reply's quoted invitation is never printed", () => {
  test("the book's pages hold the relatives' words only", async () => {
    const { file } = await makeBook(owner, family.campaign.id, { trim: "6x9" }, scratch);
    const text = await pdfTool("pdftotext", file, "-");
    expect(flat(text)).toContain(flat(RELATIVE_WORDS.robert));
    expect(flat(text)).toContain(flat(RELATIVE_WORDS.june));
    expectOnlyTheirWords(text);
  });

  test("the listening page of the book's QR link shows the relative's words only", async () => {
    const link = db.select().from(bookLinks).where(eq(bookLinks.contributionId, family.robertStory.id)).get()!;
    const data = (await listenLoader({
      request: makeRequest(`/b/${link.token}`),
      params: { token: link.token },
      context: {},
    })) as { text: string; name: string };
    expect(data.name).toBe("Robert");
    expect(data.text).toBe(RELATIVE_WORDS.robert);
    expectOnlyTheirWords(JSON.stringify(data));
  });

  test("the archive's story pages and data.json hold the relatives' words only", async () => {
    const response = await callRoute(
      collectionArchive,
      makeRequest(`/campaigns/${family.campaign.id}/archive`, {
        cookie: owner.cookie,
      }),
      { campaignId: family.campaign.id },
    );
    expect(response.status).toBe(200);
    const entries = await readZip(Buffer.from(await response.arrayBuffer()));
    const data = JSON.parse(entries.get("data.json")!.toString("utf8")) as {
      stories: Array<{ id: string; contributorName: string; text: string; page: string }>;
    };
    expect(data.stories.map((s) => [s.contributorName, s.text])).toEqual([
      ["Robert", RELATIVE_WORDS.robert],
      ["June", RELATIVE_WORDS.june],
    ]);
    const robertPage = entries.get(data.stories.find((s) => s.id === family.robertStory.id)!.page)!.toString("utf8");
    expect(robertPage).toContain("Grandpa kept bees behind the chapel.");
    for (const [name, bytes] of entries) {
      if (name.endsWith(".html") || name.endsWith(".json")) expectOnlyTheirWords(bytes.toString("utf8"));
    }
  });
});
