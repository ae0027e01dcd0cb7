import { createShareLink } from "~/models/share-link.server";
import { createCompletePodcast } from "../utils/listening-helpers";
import { expect, signInAs, test, visit } from "./fixtures";
test("no console errors", async ({ page, user }) => {
  const errors: string[] = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  const p = await createCompletePodcast(user.id, { title: "Console check" });
  const s = await createShareLink(user.id, p.id, { expiration: 3 });
  await signInAs(page, user);
  await visit(page, "/my-podcasts");
  await visit(page, `/my-podcasts?dialog=collection&id=${p.id}`);
  await visit(page, `/podcast/${p.id}?tab=technical`);
  await page.getByRole("link", { name: "Transcript", exact: true }).click();
  await page.getByRole("button", { name: "Play" }).click();
  await page.waitForTimeout(2500);
  if ("token" in s) await visit(page, `/s/${s.token}`);
  expect(errors).toEqual([]);
});
