import { accountInvitationEmail, passwordChangedEmail, passwordResetEmail } from "~/features/account/emails";
import { messages } from "~/features/account/messages";
import { deliverEmails, queueOutgoingEmail, sendEmail, type SendEmailInput } from "~/lib/email/send.server";
import { appUrl } from "~/lib/env.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { deleteUserSessions } from "~/models/session.server";
import { checkPassword, getUserByEmail, getUserById, setPassword, type User } from "~/models/user.server";
import {
  consumeVerificationToken,
  createVerificationToken,
  hasUsedVerificationToken,
  isTokenUsable,
} from "~/models/verification-token.server";

export type AccountResult = { ok: true } | { ok: false; message: string };

export async function changePassword(
  user: User,
  currentPassword: string,
  newPassword: string,
  keepSessionId?: string,
): Promise<AccountResult> {
  if (!(await checkPassword(user.id, currentPassword)))
    return { ok: false, message: messages.password.currentIncorrect };
  await setPassword(user.id, newPassword);
  deleteUserSessions(user.id, keepSessionId);
  tellPasswordChanged(user);
  return { ok: true };
}

function deliverLater(input: Omit<SendEmailInput, "from" | "autoSubmitted">) {
  const mail = queueOutgoingEmail({ ...input, from: "account", autoSubmitted: "auto-generated" });
  void deliverEmails([mail]).catch((error: unknown) =>
    recordSystemError({ error, errorType: "email_send_failed", workflow: `email:${mail.kind}`, severity: "medium" }),
  );
}

function tellPasswordChanged(user: Pick<User, "email" | "firstName">) {
  const mail = passwordChangedEmail({ name: user.firstName ?? null, resetUrl: `${appUrl()}/reset-password` });
  deliverLater({ kind: "password_changed", to: user.email, ...mail });
}

// Unknown e-mails get the same answer after the same work, and mail is never awaited, so timing tells no one who has an account.
export async function requestPasswordReset(email: string) {
  const user = await getUserByEmail(email);
  if (!user) return;
  const token = createVerificationToken(user.id, "reset");
  const resetUrl = `${appUrl()}/reset-password/confirm?${new URLSearchParams({ token })}`;
  deliverLater({
    kind: "password_reset",
    to: user.email,
    ...passwordResetEmail({ name: user.firstName ?? null, resetUrl }),
  });
}

export async function resetPassword(
  token: string,
  newPassword: string,
): Promise<AccountResult & { invited?: boolean }> {
  const resetUserId = consumeVerificationToken(token, "reset");
  const userId = resetUserId ?? consumeVerificationToken(token, "invite");
  if (!userId) return { ok: false, message: messages.reset.invalidLink.description };
  await setPassword(userId, newPassword);
  deleteUserSessions(userId);
  const user = resetUserId ? await getUserById(userId) : undefined;
  if (user) tellPasswordChanged(user);
  return { ok: true, invited: !resetUserId };
}

export const isResetTokenUsable = (token: string) => isTokenUsable(token, "reset") || isTokenUsable(token, "invite");
export const isInviteTokenUsable = (token: string) => isTokenUsable(token, "invite");

export async function sendAccountInvitation(user: User, invitedBy: string) {
  const token = createVerificationToken(user.id, "invite");
  const setPasswordUrl = `${appUrl()}/reset-password/confirm?${new URLSearchParams({ token, invite: "1" })}`;
  const mail = accountInvitationEmail({ name: user.firstName ?? null, setPasswordUrl, invitedBy });
  await sendEmail({ kind: "account_invitation", to: user.email, from: "account", ...mail });
}

// Call before the sign-in is recorded: lastLoginAt must still be the previous one.
export function signInGreeting(user: Pick<User, "id" | "lastLoginAt">) {
  const firstAfterInvitation = !user.lastLoginAt && hasUsedVerificationToken(user.id, "invite");
  return firstAfterInvitation ? messages.auth.welcome : messages.auth.welcomeBack;
}
