import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, Field, TextareaField } from "~/components/forms";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { createCampaign, listCampaigns } from "~/models/campaign.server";
import { recordSystemError } from "~/lib/system-errors.server";
import { readFormData } from "~/lib/http.server";
import { requireUser } from "~/features/account/auth.server";
import { campaignListBadgeVariant, campaignMessages, campaignStatusLabel } from "~/features/collections/messages";
import { InlineCampaignSchema } from "~/features/collections/schemas";
import { redirectWithToast } from "~/lib/toast.server";

// The inline form opens with ?create=1, a plain link, so it works without JavaScript.
const CREATE_PARAM = "create";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const campaigns = listCampaigns(user.id).map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    prompt: c.prompt,
    status: c.status,
    createdAt: c.createdAt,
    invitedCount: c.invitedCount,
    contributionCount: c.contributionCount,
  }));
  return { campaigns };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: InlineCampaignSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const campaign = createCampaign(user.id, submission.value);
    return redirectWithToast("/campaigns", campaignMessages.created(campaign.title, campaign.invitedCount));
  } catch (error) {
    recordSystemError({ error, errorType: "campaign_create_failed", workflow: "campaigns-inline-form" });
    return data(submission.reply({ formErrors: [campaignMessages.inlineCreateFailed] }), { status: 500 });
  }
}

// Server and browser format alike: fixed locale and time zone.
const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

function InlineCreateForm() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "inline-create-campaign",
    lastResult,
    constraint: getZodConstraint(InlineCampaignSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InlineCampaignSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const creating = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <Card className="mb-6">
      <CardTitle className="mb-4">Create New Collection</CardTitle>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        {form.errors?.length ? (
          <div role="alert" className="rounded-md border border-destructive bg-destructive p-3 text-sm text-destructive-foreground">
            <ErrorList errors={form.errors} />
          </div>
        ) : null}
        <Field label="Title" inputProps={getInputProps(fields.title, { type: "text" })} errors={fields.title.errors} />
        <TextareaField label="Description (optional)" textareaProps={{ ...getTextareaProps(fields.description), rows: 2 }} errors={fields.description.errors} />
        <TextareaField label="Prompt" textareaProps={{ ...getTextareaProps(fields.prompt), rows: 3 }} errors={fields.prompt.errors} />
        <Field
          label="Invite emails"
          hint={campaignMessages.hints.inlineEmails}
          inputProps={{ ...getInputProps(fields.inviteEmails, { type: "text" }), placeholder: "grandma@example.com, uncle.bob@example.com" }}
          errors={fields.inviteEmails.errors}
        />
        <div className="flex justify-end gap-2">
          <Link to="/campaigns" className={buttonClass("outline")} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" disabled={creating}>
            {creating ? "Creating..." : "Create Campaign"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

type CampaignCard = Awaited<ReturnType<typeof loader>>["campaigns"][number];

function CampaignCardView({ campaign }: { campaign: CampaignCard }) {
  const storiesLink = `/campaigns/${campaign.id}/stories`;
  return (
    <Card role="article" className="flex flex-col gap-3" aria-labelledby={`campaign-${campaign.id}`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={`campaign-${campaign.id}`} className="text-lg font-semibold">
          {campaign.title}
        </h2>
        <Badge variant={campaignListBadgeVariant(campaign.status)}>{campaignStatusLabel(campaign.status)}</Badge>
      </div>
      {campaign.description ? <p className="text-sm text-muted-foreground">{campaign.description}</p> : null}
      <p className="text-xs text-muted-foreground">Created {dateFormat.format(new Date(campaign.createdAt))}</p>
      <blockquote className="border-l-4 border-border pl-3 text-sm italic">{campaign.prompt}</blockquote>
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-muted-foreground">Invited</dt>
          <dd className="font-semibold" data-testid="invited-count">
            {campaign.invitedCount}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Stories received</dt>
          <dd className="font-semibold" data-testid="stories-count">
            {campaign.contributionCount}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={storiesLink} className={buttonClass("outline", "sm")}>
          View Stories ({campaign.contributionCount})
        </Link>
        {campaign.contributionCount > 0 ? (
          <Link to={`${storiesLink}#podcast`} className={buttonClass("default", "sm")}>
            Create Podcast
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

export default function CampaignsPage() {
  const { campaigns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const open = searchParams.get(CREATE_PARAM) === "1" || Boolean(actionData);
  const toggleTo = open ? "/campaigns" : `?${CREATE_PARAM}=1`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold">{campaignMessages.list.heading}</h1>
          <p className="text-muted-foreground">Invite relatives by e-mail and gather their stories.</p>
        </div>
        <Link to={toggleTo} preventScrollReset aria-expanded={open} aria-controls="inline-create" className={buttonClass()}>
          Create Collection
        </Link>
      </div>

      <div id="inline-create">{open ? <InlineCreateForm /> : null}</div>

      {campaigns.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-12 text-center">
          <h2 className="text-xl font-semibold">{campaignMessages.list.empty}</h2>
          <p className="text-muted-foreground">Start a collection and invite your family to share their stories.</p>
          {open ? null : (
            <Link to={`?${CREATE_PARAM}=1`} preventScrollReset className={buttonClass()}>
              {campaignMessages.list.emptyAction}
            </Link>
          )}
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {campaigns.map((campaign) => (
            <CampaignCardView key={campaign.id} campaign={campaign} />
          ))}
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Story Collections | Storyhearth" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
