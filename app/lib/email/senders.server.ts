// Who our mail says it is from and where a reply to it goes (decision 0201): collection mail names the
// person asking, account and security mail has an address of its own, and every message has a
// Reply-To that a person reads.
import { env } from "~/lib/env.server";
import { addressDomain, formatAddress, parseFromLine } from "~/lib/email-address";
import { BRAND } from "./layout";

/** "service": the service's own notes; "account": account and security mail; or the person a collection's mail comes from. */
export type Sender = "service" | "account" | { onBehalfOf: string };

const mailFromDomain = () => addressDomain(env().MAIL_FROM)!;

/** The From line of account and security mail. */
export const accountMailFrom = () =>
  env().ACCOUNT_MAIL_FROM ?? formatAddress(BRAND.name, `account@${env().ACCOUNT_MAILGUN_DOMAIN?.toLowerCase() ?? mailFromDomain()}`);

/** The inbox that reads replies to mail without a reply address of its own, and support requests. */
export const supportAddress = () => env().SUPPORT_EMAIL ?? `support@${mailFromDomain()}`;

export function fromLine(sender: Sender = "service") {
  if (sender === "account") return accountMailFrom();
  if (sender === "service") return env().MAIL_FROM;
  return formatAddress(`${sender.onBehalfOf} via ${BRAND.name}`, parseFromLine(env().MAIL_FROM).email!);
}

/** The Mailgun domain a message is sent through: the account domain for its own From address, else MAILGUN_DOMAIN's. */
export function sendingDomainFor(from: string, domain: string) {
  const accountDomain = env().ACCOUNT_MAILGUN_DOMAIN?.toLowerCase();
  return accountDomain && addressDomain(from) === accountDomain ? accountDomain : domain;
}
