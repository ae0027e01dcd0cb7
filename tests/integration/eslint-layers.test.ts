// The layer rules of eslint.config.js, tried on deliberately wrong imports (and right ones) at real
// paths of the app: each would fail if its rule were missing or its zone drawn wrong.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith("import-x/")).map((m) => m.message);
}

const use = (specifier: string, name: string) =>
  `import { ${name} } from "${specifier}";\nexport const used = ${name};\n`;

describe("layer rules", () => {
  it.each([
    [
      "a model importing a feature",
      "app/models/campaign.server.ts",
      use("~/features/podcasts/messages", "podcastMessages"),
      "models/ imports only lib/",
    ],
    [
      "lib importing a model",
      "app/lib/clock.server.ts",
      use("~/models/user.server", "getUserById"),
      "lib/ is the bottom layer",
    ],
    [
      "lib importing a feature by a relative path",
      "app/lib/storage/keys.ts",
      use("../../features/account/messages", "messages"),
      "lib/ is the bottom layer",
    ],
    [
      "shared UI importing a feature",
      "app/components/header.tsx",
      use("~/features/account/messages", "messages"),
      "components/ is shared UI",
    ],
    [
      "a feature importing a route",
      "app/features/site/help-content.ts",
      use("~/routes/_site+/help", "loader"),
      "features/ never import the entry points",
    ],
    [
      "account importing contacts (upward)",
      "app/features/account/auth.server.ts",
      use("~/features/contacts/messages", "contactMessages"),
      "features/account may import only features below it",
    ],
    [
      "admin importing site (a peer)",
      "app/features/admin/messages.ts",
      use("~/features/site/help-content", "helpMessages"),
      "features/admin may import only features below it",
    ],
    [
      "the audio engine importing a model",
      "app/audio/wav.ts",
      use("~/models/user.server", "getUserById"),
      "audio/ is a leaf engine",
    ],
    ["the schema importing the app", "db/enums.ts", use("../app/lib/clock.server", "now"), "db/ is the bottom layer"],
    [
      "a feature importing the demo seed",
      "app/features/account/auth.server.ts",
      use("~/seed/demo.server", "seedDemoData"),
      "app/seed/ is the top layer",
    ],
    [
      "book importing newsletters (a peer)",
      "app/features/book/build.server.ts",
      use("~/features/newsletters/messages", "newsletterMessages"),
      "features/book may import only features below it",
    ],
    [
      "testimonials importing admin (upward)",
      "app/features/testimonials/flow.ts",
      use("~/features/admin/messages", "adminMessages"),
      "features/testimonials may import only features below it",
    ],
  ])("refuses %s", async (_, filePath, code, message) => {
    const errors = await layerErrors(filePath, code);
    expect(errors.join("\n")).toContain(message);
  });

  it.each([
    ["a route importing a feature", "app/routes/_app+/dashboard.tsx", use("~/features/collections/limits", "PERIODS")],
    [
      "a feature importing a model",
      "app/features/podcasts/podcasts.server.ts",
      use("~/models/user.server", "getUserById"),
    ],
    ["a model importing lib", "app/models/user.server.ts", use("~/lib/db.server", "db")],
    [
      "podcasts importing collections (downward)",
      "app/features/podcasts/messages.ts",
      use("~/features/collections/limits", "PERIODS"),
    ],
    [
      "a job importing a feature",
      "app/jobs/index.server.ts",
      use("~/features/contributions/invitations.server", "dispatchDueInvitations"),
    ],
    [
      "the demo seed importing a feature",
      "app/seed/demo.server.ts",
      use("~/features/podcasts/generation/requests.server", "requestFamilyPodcast"),
    ],
  ])("allows %s", async (_, filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });

  it("reports an import cycle", async () => {
    const [a] = await new ESLint({ cwd: process.cwd(), ignore: false }).lintFiles(["tests/fixtures/eslint-cycle/a.ts"]);
    expect(a!.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
  });
});
