import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/features/account/auth.server";
import { bookMessages } from "~/features/book/messages";
import { CollectionForm } from "~/features/collections/components/collection-form";
import {
  collectionFormConstraint,
  collectionFormGroups,
  handleCollectionForm,
} from "~/features/collections/create-collection.server";
import { campaignMessages } from "~/features/collections/messages";
import { campaignListBadgeVariant, campaignStatusLabel } from "~/features/collections/status-badges";
import { formatDay } from "~/lib/format-date";
import { readFormData } from "~/lib/http.server";
import { listCampaigns } from "~/models/campaign.server";

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
  return { campaigns, groups: collectionFormGroups(user.id), constraint: collectionFormConstraint() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return handleCollectionForm(user.id, await readFormData(request), "campaigns-inline-form");
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
      <p className="text-xs text-muted-foreground">Created {formatDay(campaign.createdAt)}</p>
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
  const { campaigns, groups, constraint } = useLoaderData<typeof loader>();
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
        <div className="flex flex-wrap gap-3">
          {/* A book of several collections or all of them (decision 0170). */}
          {campaigns.length > 0 ? (
            <Link to="/books" className={buttonClass("outline")}>
              {bookMessages.account.link}
            </Link>
          ) : null}
          <Link
            to={toggleTo}
            preventScrollReset
            aria-expanded={open}
            aria-controls="inline-create"
            className={buttonClass()}
          >
            Create Collection
          </Link>
        </div>
      </div>

      <div id="inline-create">
        {open ? (
          <CollectionForm
            compact
            groups={groups}
            constraint={constraint}
            actionData={actionData}
            cancelTo="/campaigns"
          />
        ) : null}
      </div>

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
