import { describe, expect, it } from "vitest";

import { accountInvitationEmail, passwordResetEmail } from "./emails";

const hostile = ["<script>alert(1)</script>", '"><img src=x onerror=alert(1)>'];

describe("account e-mails", () => {
  it("password reset: escaped name, link, one-hour single-use note and ignore line", () => {
    const resetUrl = "http://localhost:3000/reset-password/confirm?token=abc&x=1";
    const mail = passwordResetEmail({ name: hostile[1], resetUrl });
    expect(mail.subject).toBe("Reset your Storyhearth password");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Hi &quot;&gt;&lt;img src=x onerror=alert(1)&gt;,");
    expect(mail.html).toContain('href="http://localhost:3000/reset-password/confirm?token=abc&amp;x=1"');
    expect(mail.html).toContain("expires in one hour");
    expect(mail.text).toContain(`\n${resetUrl}\n`);
    expect(mail.text).toContain("This link expires in one hour and works only once.");
    expect(mail.text).toMatch(/If you didn't ask to reset your password, you can ignore this e-mail/);
    expect(passwordResetEmail({ name: null, resetUrl }).text.startsWith("Hi there,")).toBe(true);
  });

  it("account invitation: inviter in the subject, escaped in the body, set-password link", () => {
    const mail = accountInvitationEmail({
      name: "Ada",
      setPasswordUrl: "https://app.test/reset-password/confirm?token=t",
      invitedBy: hostile[0],
    });
    expect(mail.subject).toBe(`${hostile[0]} invited you to Storyhearth`); // subjects are plain text
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; has created an account for you");
    expect(mail.html).toContain('href="https://app.test/reset-password/confirm?token=t"');
    expect(mail.text).toContain("https://app.test/reset-password/confirm?token=t");
    expect(mail.text).toContain("expires in 7 days");
    expect(accountInvitationEmail({ name: null, setPasswordUrl: "https://a.test/", invitedBy: null }).subject).toBe(
      "You're invited to Storyhearth",
    );
  });
});
