import { randomUUID } from "node:crypto";
import { expect, latestEmailTo, signInAs, test, visit } from "./fixtures";

test("on the local mailbox, reply to an invitation and see the story on the collection page", async ({ page, user }) => {
  await signInAs(page, user);
  const relative = `grandpa-${randomUUID()}@example.com`;
  const created = await page.request.post("/api/campaigns", {
    data: { title: "Fishing at Dawn", prompt: "What did Grandpa teach you on the dock?", inviteEmails: [relative] },
  });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()) as { id: string };

  // The job runner sends the invitation at once; locally it lands in the outbox.
  await expect.poll(() => latestEmailTo(relative)?.kind, { timeout: 15_000 }).toBe("campaign_invitation");
  const invitation = latestEmailTo(relative)!;
  expect(invitation.subject).toContain("Fishing at Dawn");
  expect(invitation.replyTo).toMatch(/^reply\+/);

  await visit(page, `/dev/mailbox/${invitation.id}`);
  await page.getByLabel("Your reply").fill("He said the fish could hear you think, so we thought quiet thoughts.");
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply delivered" })).toBeVisible();

  await page.getByRole("link", { name: "See the collection's stories" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}/stories`));
  await expect(page.getByText("He said the fish could hear you think, so we thought quiet thoughts.").first()).toBeVisible();
  await expect(page.getByText("Email Reply").first()).toBeVisible();
});
