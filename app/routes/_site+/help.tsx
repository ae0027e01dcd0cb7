// Tabs are `?tab=` links, so they work without JavaScript.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { getUser } from "~/features/account/auth.server";
import { ownerDisplayName } from "~/features/contributions/invitations.server";
import { minutesPerThousandWords } from "~/features/podcasts/wizard/episode-estimate.server";
import { supportRequestEmail } from "~/features/site/emails/support";
import { HELP_TABS, helpMessages, helpTabFrom, type HelpTab } from "~/features/site/help-content";
import { ContactSupportSchema, VisitorSupportSchema } from "~/features/site/support-schema";
import { cn } from "~/lib/cn";
import { sendEmail } from "~/lib/email/send.server";
import { supportAddress } from "~/lib/email/senders.server";
import { readFormData } from "~/lib/http.server";
import { describedAs } from "~/lib/link-preview";
import { redirectWithToast } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";
import { listCampaigns } from "~/models/campaign.server";

const MAX_COLLECTION_LINKS = 20;

// Help is for anyone deciding whether to start, not only the signed in (decision 0207): a visitor
// reads the same answers and writes with the address the reply should go to.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const url = new URL(request.url);
  const tab = helpTabFrom(url.searchParams.get("tab"));
  return {
    tab,
    sent: tab === "contact" && url.searchParams.get("sent") === "1",
    account: user ? { podcastLimit: user.podcastLimit, podcastsGenerated: user.podcastsGenerated } : null,
    minutesPer1000Words: minutesPerThousandWords(),
    constraint: constraintOf(user ? ContactSupportSchema : VisitorSupportSchema),
    collections:
      user && tab === "tutorials"
        ? listCampaigns(user.id)
            .slice(0, MAX_COLLECTION_LINKS)
            .map((c) => ({ id: c.id, title: c.title }))
        : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getUser(request);
  const formData = await readFormData(request);
  let support: Parameters<typeof supportRequestEmail>[0];
  if (user) {
    const submission = parseWithZod(formData, { schema: ContactSupportSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    support = { ...submission.value, fromName: ownerDisplayName(user), fromEmail: user.email, userId: user.id };
  } else {
    const submission = parseWithZod(formData, { schema: VisitorSupportSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { email, ...message } = submission.value;
    support = { ...message, fromName: helpMessages.contact.visitor, fromEmail: email, userId: null };
  }
  // Through the outbox like every e-mail: a delivery problem is retried, never lost.
  await sendEmail({
    kind: "support_request",
    to: supportAddress(),
    replyTo: support.fromEmail,
    ...supportRequestEmail(support),
  });
  return redirectWithToast("/help?tab=contact&sent=1", helpMessages.contact.toast);
}

export default function HelpPage() {
  const { tab, sent, account, minutesPer1000Words, collections } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <h1 className="font-serif text-3xl font-bold">{helpMessages.heading}</h1>
        <p className="text-muted-foreground">{helpMessages.intro}</p>
      </header>
      <nav aria-label={helpMessages.heading} className="flex gap-1 border-b border-border">
        {HELP_TABS.map((t) => (
          <Link
            key={t}
            to={`?tab=${t}`}
            preventScrollReset
            aria-current={tab === t ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              tab === t ? "border-primary text-primary" : "border-transparent hover:bg-muted",
            )}
          >
            {helpMessages.tabs[t]}
          </Link>
        ))}
      </nav>
      <section aria-label={helpMessages.tabs[tab]}>
        {panelFor(tab, { sent, account, minutesPer1000Words, collections })}
      </section>
    </div>
  );
}

type PanelData = Omit<ReturnType<typeof useLoaderData<typeof loader>>, "tab" | "constraint">;

function panelFor(tab: HelpTab, { sent, account, minutesPer1000Words, collections }: PanelData) {
  if (tab === "tutorials") return <Tutorials collections={collections} />;
  if (tab === "contact") return sent ? <ContactThanks /> : <ContactForm />;
  return (
    <div className="space-y-3">
      {helpMessages.faq(account, minutesPer1000Words).map((item) => (
        <details key={item.q} className="rounded-lg border border-border bg-card p-4">
          <summary className="cursor-pointer font-semibold">{item.q}</summary>
          <p className="mt-2 text-muted-foreground">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

function Tutorials({ collections }: { collections: Array<{ id: string; title: string }> | null }) {
  return (
    <div className="space-y-4">
      {helpMessages.tutorials.map((tutorial) => (
        <Card key={tutorial.title} className="space-y-3">
          <CardTitle>{tutorial.title}</CardTitle>
          <ol className="list-decimal space-y-1 pl-6">
            {tutorial.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Card>
      ))}
      {collections ? (
        <Card className="space-y-2">
          <CardTitle>{helpMessages.yourCollections}</CardTitle>
          {collections.length ? (
            <ul className="space-y-1">
              {collections.map((c) => (
                <li key={c.id}>
                  <Link to={`/campaigns/${c.id}/newsletters`} className="text-primary hover:underline">
                    {c.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{helpMessages.noCollections}</p>
          )}
        </Card>
      ) : null}
    </div>
  );
}

function ContactThanks() {
  return (
    <Card className="space-y-3 text-center" role="status">
      <CardTitle>{helpMessages.contact.thanksTitle}</CardTitle>
      <p className="text-muted-foreground">{helpMessages.contact.thanksText}</p>
      <Link to="?tab=contact" className={buttonClass("outline")}>
        {helpMessages.contact.another}
      </Link>
    </Card>
  );
}

function ContactForm() {
  const { constraint, account } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof VisitorSupportSchema>>({
    id: "contact-support",
    lastResult,
    // Checked by the server only: the page ships no schema code (decision 0173).
    constraint,
  });
  const submitting = navigation.state === "submitting";
  return (
    <Card className="space-y-4">
      <div>
        <CardTitle>{helpMessages.contact.heading}</CardTitle>
        <p className="text-muted-foreground">
          {account ? helpMessages.contact.intro : helpMessages.contact.visitorIntro}
        </p>
      </div>
      <Form method="post" action="/help?tab=contact" className="space-y-4" {...getFormProps(form)}>
        <ErrorList errors={form.errors} />
        {account ? null : (
          <Field
            label={helpMessages.contact.email}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
        )}
        <Field
          label={helpMessages.contact.subject}
          inputProps={getInputProps(fields.subject, { type: "text" })}
          errors={fields.subject.errors}
        />
        <TextareaField
          label={helpMessages.contact.message}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 6 }}
          errors={fields.message.errors}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? helpMessages.contact.sending : helpMessages.contact.send}
        </Button>
      </Form>
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: `${helpMessages.heading} | Storyhearth` }, describedAs()];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
