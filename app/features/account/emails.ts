import {
  BRAND,
  button,
  greeting,
  html,
  layoutHtml,
  layoutText,
  muted,
  paragraph,
  textLink,
  type EmailParts,
} from "~/lib/email/layout";

export function passwordResetEmail({ name, resetUrl }: { name?: string | null; resetUrl: string }): EmailParts {
  const subject = `Reset your ${BRAND.name} password`;
  const intro = `We received a request to reset the password for your ${BRAND.name} account. Use the link below to choose a new one.`;
  const expiry = "This link expires in one hour and works only once.";
  const ignore = "If you didn't ask to reset your password, you can ignore this e-mail; your password will not change.";
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: expiry,
      body: html`${paragraph(greeting(name))}${paragraph(intro)}${button(resetUrl, "Reset my password")}${paragraph(expiry)}${muted(ignore)}`,
    }),
    text: layoutText([greeting(name), intro, textLink("Reset your password", resetUrl), expiry, ignore]),
  };
}

export function passwordChangedEmail({ name, resetUrl }: { name?: string | null; resetUrl: string }): EmailParts {
  const subject = `Your ${BRAND.name} password was changed`;
  const intro = `The password for your ${BRAND.name} account has just been changed. Everywhere else you were signed in, you have been signed out.`;
  const ifYou = "If this was you, there is nothing more to do.";
  const ifNot =
    "If it wasn't you, someone may know your password: choose a new one now with the link below. That signs out whoever changed it.";
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: intro,
      body: html`${paragraph(greeting(name))}${paragraph(intro)}${paragraph(ifYou)}${paragraph(ifNot)}${button(resetUrl, "Choose a new password")}`,
    }),
    text: layoutText([greeting(name), intro, ifYou, ifNot, textLink("Choose a new password", resetUrl)]),
  };
}

export function accountInvitationEmail({
  name,
  setPasswordUrl,
  invitedBy,
  expiresInDays = 7,
}: {
  name?: string | null;
  setPasswordUrl: string;
  invitedBy?: string | null;
  expiresInDays?: number;
}): EmailParts {
  const inviter = invitedBy?.trim();
  const subject = inviter ? `${inviter} invited you to ${BRAND.name}` : `You're invited to ${BRAND.name}`;
  const intro = `${inviter ? `${inviter} has created an account` : "An account has been created"} for you on ${BRAND.name}, where families gather their stories and turn them into podcasts and newsletters.`;
  const next = "Choose a password to finish setting up your account.";
  const expiry = `This link expires in ${expiresInDays === 1 ? "one day" : `${expiresInDays} days`} and works only once.`;
  const ignore = "If you weren't expecting this invitation, you can ignore this e-mail.";
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: next,
      body: html`${paragraph(greeting(name))}${paragraph(intro)}${paragraph(next)}${button(setPasswordUrl, "Set my password")}${paragraph(expiry)}${muted(ignore)}`,
    }),
    text: layoutText([greeting(name), intro, next, textLink("Set your password", setPasswordUrl), expiry, ignore]),
  };
}

export function failedSignInsEmail({
  name,
  failures,
  resetUrl,
}: {
  name?: string | null;
  failures: number;
  resetUrl: string;
}): EmailParts {
  const subject = `Failed sign-in attempts on your ${BRAND.name} account`;
  const intro = `Someone has tried to sign in to your ${BRAND.name} account with a wrong password ${failures} times in a row. Further attempts are being slowed down.`;
  const ifYou = "If this was you, you can wait a few minutes and try again, or choose a new password.";
  const ifNot =
    "If it wasn't you, your account is still safe as long as your password is not easy to guess; choosing a new, unique one is a good idea.";
  return {
    subject,
    html: layoutHtml({
      title: subject,
      preheader: intro,
      body: html`${paragraph(greeting(name))}${paragraph(intro)}${paragraph(ifYou)}${button(resetUrl, "Choose a new password")}${muted(ifNot)}`,
    }),
    text: layoutText([greeting(name), intro, ifYou, textLink("Choose a new password", resetUrl), ifNot]),
  };
}
