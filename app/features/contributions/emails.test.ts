import { describe, expect, it } from "vitest";

import { invitationEmail, reminderEmail } from "./emails";

const input = {
  campaignTitle: "Summers",
  prompt: "Tell us about the lake",
  ownerName: "Margaret",
  formUrl: "https://a.test/contribute/x?t=1",
  unsubscribeUrl: "https://a.test/unsubscribe/1",
};

describe("story request e-mails", () => {
  it.each([
    ["invitation", invitationEmail],
    ["reminder", reminderEmail],
  ])("%s: the personal link's label ends in one colon, then the link alone on its line", (_, render) => {
    const { text } = render(input);
    expect(text).toContain(
      "Prefer a web page? Use your personal link (no account needed):\nhttps://a.test/contribute/x?t=1",
    );
    expect(text).not.toContain("::");
  });
});
