import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { z } from "zod";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, SelectField } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { DATED_DISTRIBUTION_MODES, DISTRIBUTION_MODE_LABELS } from "~/features/collections/workflow-settings";
import { formatPublishDate, newsletterPaths } from "~/features/newsletters/content";
import { newsletterRecipients } from "~/features/newsletters/delivery.server";
import { newsletterMessages } from "~/features/newsletters/messages";
import {
  createNewsletterAction,
  sendNewsletterAction,
  updateNewsletterAction,
} from "~/features/newsletters/newsletter-intents.server";
import { countCollectionStories, listNewsletters, newsletterPhotos } from "~/features/newsletters/newsletters.server";
import { UpdateNewsletterSchema } from "~/features/newsletters/schemas";
import { displayAddress } from "~/lib/display-address";
import { badIntent, readFormData } from "~/lib/http.server";
import { constraintOf, type FormConstraint } from "~/lib/zod-constraint";
import { requireOwnedCampaign } from "~/models/campaign.server";
import { formatDeliveryDate } from "~/models/delivery-dates";
import { getWorkflowSettings } from "~/models/workflow.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const campaign = await requireOwnedCampaign(user.id, params.campaignId ?? "");
  const rows = listNewsletters(user.id, campaign.id);
  // The edit form opens by URL (?edit=<id>), so it works without JavaScript.
  const editing = rows.find((n) => n.id === new URL(request.url).searchParams.get("edit"));
  const photos = editing ? newsletterPhotos(editing.id) : [];
  const { mode } = getWorkflowSettings(user.id).distribution;
  return {
    campaign: { id: campaign.id, title: campaign.title },
    storyCount: countCollectionStories(campaign.id),
    distribution: {
      mode,
      label: DISTRIBUTION_MODE_LABELS[mode],
      dated: DATED_DISTRIBUTION_MODES.includes(mode),
      nextDelivery: formatDeliveryDate(campaign.nextDeliveryDate),
      // Shown by name before sending, so the owner sees who it reaches, not just how many.
      recipients: newsletterRecipients(user.id, campaign.id).map(({ name, email }) => ({ name, email })),
    },
    newsletters: rows.map(({ coverImageKey: _cover, publishedAt, ...n }) => ({
      ...n,
      publishedLabel: publishedAt ? formatPublishDate(publishedAt) : null,
      href: newsletterPaths(n.publicId).page,
    })),
    editing: editing
      ? {
          id: editing.id,
          photos: photos.map((p) => ({
            id: p.id,
            label: newsletterMessages.owner.photoOption(p.fileName, p.storyTitle),
          })),
          coverImageId: photos.find((p) => p.storageKey === editing.coverImageKey)?.id ?? "",
          // The form's HTML constraints, worked out here so the page ships no schema code.
          constraint: constraintOf(UpdateNewsletterSchema),
        }
      : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const campaign = await requireOwnedCampaign(user.id, params.campaignId ?? "");
  const formData = await readFormData(request);
  const pageUrl = `/campaigns/${campaign.id}/newsletters`;

  switch (formData.get("intent")) {
    case "create":
      return createNewsletterAction(user.id, campaign.id, formData, pageUrl);
    case "update":
      return updateNewsletterAction(user.id, campaign.id, formData, pageUrl);
    case "send":
      return sendNewsletterAction(user.id, campaign.id, formData, pageUrl);
    default:
      throw badIntent();
  }
}

export default function CampaignNewslettersPage() {
  const { campaign, newsletters, storyCount, distribution, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const modeHelp = distribution.dated
    ? newsletterMessages.owner.modeHelp.dated(distribution.nextDelivery)
    : newsletterMessages.owner.modeHelp[distribution.mode as "manual" | "immediate"];

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Link to={`/campaigns/${campaign.id}/stories`} className="text-sm text-primary hover:underline">
        ← {newsletterMessages.owner.backToStories}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="font-serif text-3xl font-bold">{newsletterMessages.owner.heading}</h1>
          <p className="text-lg">{campaign.title}</p>
          <p className="text-muted-foreground">{newsletterMessages.owner.intro}</p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="create" />
          <Button type="submit" disabled={storyCount === 0 || busy("create")}>
            {busy("create") ? newsletterMessages.owner.creating : newsletterMessages.owner.create}
          </Button>
        </Form>
      </header>

      <Card className="space-y-1 text-sm" aria-label="Distribution">
        <p className="flex flex-wrap gap-2">
          <Badge variant="secondary">{newsletterMessages.owner.distribution(distribution.label)}</Badge>
          <Badge variant="outline">{newsletterMessages.owner.recipients(distribution.recipients.length)}</Badge>
        </p>
        <p className="text-muted-foreground">{modeHelp}</p>
        {distribution.recipients.length === 0 ? (
          <p className="text-destructive">{newsletterMessages.owner.noRecipients}</p>
        ) : (
          <div className="pt-2">
            <h2 className="font-medium" id="newsletter-recipients">
              {newsletterMessages.owner.goesTo}
            </h2>
            <ul aria-labelledby="newsletter-recipients" className="mt-1 flex flex-wrap gap-2">
              {distribution.recipients.map(({ name, email }) => (
                <li key={email} className="max-w-full break-all rounded-full bg-muted px-3 py-1">
                  {name ? (
                    <>
                      <span className="font-medium">{name}</span>{" "}
                      <span className="text-muted-foreground">{displayAddress(email)}</span>
                    </>
                  ) : (
                    email
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>

      {storyCount === 0 ? <p className="text-muted-foreground">{newsletterMessages.owner.needsStories}</p> : null}

      {newsletters.length === 0 ? (
        <Card className="text-center text-muted-foreground">{newsletterMessages.owner.empty}</Card>
      ) : (
        <ul className="space-y-4" aria-label={newsletterMessages.owner.heading}>
          {newsletters.map((n) => (
            <li key={n.id}>
              <Card className="space-y-3">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="space-y-1">
                    <CardTitle>
                      {newsletterMessages.page.edition(n.edition)}: {n.title}
                    </CardTitle>
                    {n.subtitle ? <p className="text-muted-foreground">{n.subtitle}</p> : null}
                    <p className="text-sm text-muted-foreground">
                      {[
                        n.publishedLabel,
                        newsletterMessages.owner.stories(n.storyCount),
                        newsletterMessages.owner.delivered(n.deliveredCount),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={n.href}
                      className={buttonClass("outline", "sm")}
                      aria-label={`${newsletterMessages.owner.open}: ${newsletterMessages.page.edition(n.edition)}`}
                    >
                      {newsletterMessages.owner.open}
                    </Link>
                    <Link
                      to={`?edit=${n.id}`}
                      preventScrollReset
                      className={buttonClass("outline", "sm")}
                      aria-label={`${newsletterMessages.owner.edit}: ${newsletterMessages.page.edition(n.edition)}`}
                    >
                      {newsletterMessages.owner.edit}
                    </Link>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="send" />
                      <input type="hidden" name="newsletterId" value={n.id} />
                      <Button
                        type="submit"
                        size="sm"
                        disabled={busy("send")}
                        aria-label={`${newsletterMessages.owner.send}: ${newsletterMessages.page.edition(n.edition)}`}
                      >
                        {newsletterMessages.owner.send}
                      </Button>
                    </Form>
                  </div>
                </div>
                {editing?.id === n.id ? (
                  <EditNewsletterForm
                    newsletter={{ id: n.id, title: n.title, subtitle: n.subtitle, familyName: n.familyName }}
                    photos={editing.photos}
                    coverImageId={editing.coverImageId}
                    constraint={editing.constraint}
                    lastResult={actionData?.intent === "update" ? actionData.result : undefined}
                  />
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type EditProps = {
  newsletter: { id: string; title: string; subtitle: string | null; familyName: string | null };
  photos: Array<{ id: string; label: string }>;
  coverImageId: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult;
};

function EditNewsletterForm({ newsletter, photos, coverImageId, constraint, lastResult }: EditProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof UpdateNewsletterSchema>>({
    id: `edit-newsletter-${newsletter.id}`,
    lastResult,
    constraint,
    defaultValue: {
      title: newsletter.title,
      subtitle: newsletter.subtitle ?? "",
      familyName: newsletter.familyName ?? "",
      coverImageId,
    },
    // Checked by the server only: the page ships no schema code (decision 0173).
  });
  return (
    <Form
      method="post"
      preventScrollReset
      className="space-y-4 border-t border-border pt-4"
      {...getFormProps(form)}
      aria-label={newsletterMessages.owner.edit}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="newsletterId" value={newsletter.id} />
      <ErrorList errors={form.errors} />
      <Field
        label={newsletterMessages.owner.title}
        inputProps={getInputProps(fields.title, { type: "text" })}
        errors={fields.title.errors}
      />
      <Field
        label={newsletterMessages.owner.subtitle}
        inputProps={getInputProps(fields.subtitle, { type: "text" })}
        errors={fields.subtitle.errors}
      />
      <Field
        label={newsletterMessages.owner.familyName}
        inputProps={getInputProps(fields.familyName, { type: "text" })}
        errors={fields.familyName.errors}
        hint={newsletterMessages.owner.familyNameHint}
      />
      {photos.length ? (
        <SelectField
          label={newsletterMessages.owner.cover}
          selectProps={getSelectProps(fields.coverImageId)}
          placeholder={newsletterMessages.owner.noCover}
          options={photos.map((p) => ({ value: p.id, label: p.label }))}
          errors={fields.coverImageId.errors}
        />
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {newsletterMessages.owner.save}
        </Button>
        <Link to="." preventScrollReset className={buttonClass("ghost")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${newsletterMessages.owner.heading}${data ? `: ${data.campaign.title}` : ""} | Storyhearth` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
