import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useId } from "react";

import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { requireAdmin } from "~/features/account/auth.server";
import { AdminErrorBoundary } from "~/features/admin/components/admin-access-required";
import {
  AdminPageHeader,
  ConfirmButton,
  ConfirmDialog,
  hrefWith,
  IntentButton,
} from "~/features/admin/components/admin-ui";
import { ListControls } from "~/features/admin/components/list-controls";
import { listMessages } from "~/features/admin/list-messages";
import { isUnfilteredList, listQuery, parseListParams, TESTIMONIALS_LIST } from "~/features/admin/list-params";
import { campaignJson, deleteCampaignAndVideos, responseJson, shareUrl } from "~/features/testimonials/admin.server";
import {
  createTestimonialCampaign,
  getTestimonialCampaign,
  listTestimonialCampaigns,
  listTestimonialResponses,
  requireTestimonialCampaign,
  updateTestimonialCampaign,
} from "~/features/testimonials/campaigns.server";
import { CampaignForm } from "~/features/testimonials/components/admin-campaign-form";
import { ResponseList } from "~/features/testimonials/components/admin-responses";
import { ShareLink } from "~/features/testimonials/components/share-link";
import { testimonialMessages } from "~/features/testimonials/messages";
import { CampaignFormSchema, cleanQuestions } from "~/features/testimonials/schemas";
import { cn } from "~/lib/cn";
import { originFor } from "~/lib/env.server";
import { formatDateTimeAt } from "~/lib/format-date";
import { badIntent, notFound, readFormData } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { constraintOf } from "~/lib/zod-constraint";

const PATH = "/admin/testimonials";
const paramsOf = (url: URL) => parseListParams(TESTIMONIALS_LIST, url.searchParams);
/** The list as the admin left it (search, filter, sort), for redirects and closing dialogs. */
const listHref = (url: URL, extra: Record<string, string> = {}) =>
  hrefWith(PATH, { ...listQuery(TESTIMONIALS_LIST, paramsOf(url)), ...extra });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const responsesFor = url.searchParams.get("responses");
  const deleteId = url.searchParams.get("delete");
  const responsesCampaign = responsesFor ? requireTestimonialCampaign(responsesFor) : null;
  const deleting = deleteId ? requireTestimonialCampaign(deleteId) : null;
  const origin = originFor(request);
  const params = paramsOf(url);
  return {
    params,
    list: listQuery(TESTIMONIALS_LIST, params),
    filtered: !isUnfilteredList(TESTIMONIALS_LIST, params),
    campaigns: listTestimonialCampaigns({ q: params.q, state: params.filters.state, sort: params.sort }).map((c) => ({
      ...campaignJson(c),
      shareUrl: shareUrl(origin, c.publicId),
      createdLabel: formatDateTimeAt(c.createdAt),
    })),
    dialog: url.searchParams.get("dialog") === "create" ? ("create" as const) : null,
    // The form's HTML constraints, worked out here so the page ships no schema code.
    constraint: constraintOf(CampaignFormSchema),
    deleting: deleting ? { id: deleting.id, title: deleting.title } : null,
    responses: responsesCampaign
      ? {
          campaign: { id: responsesCampaign.id, title: responsesCampaign.title },
          items: listTestimonialResponses(responsesCampaign.id).map((r) => ({
            ...responseJson(r),
            submittedLabel: formatDateTimeAt(r.submittedAt) ?? "",
            consentLabel: formatDateTimeAt(r.consentTimestamp) ?? "",
          })),
        }
      : null,
  };
}

type CreateReply = { intent: "create"; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readFormData(request);
  const id = String(formData.get("id") ?? "");
  const back = listHref(new URL(request.url));
  switch (formData.get("intent")) {
    case "create":
      return createCampaignAction(formData, admin.id, back);
    case "toggle":
      return toggleCampaignAction(id, back);
    case "delete":
      return deleteCampaignAction(id, back);
    default:
      throw badIntent();
  }
}

function createCampaignAction(formData: FormData, adminId: string, back: string) {
  const submission = parseWithZod(formData, { schema: CampaignFormSchema });
  // Add/Remove Question without JavaScript come back here as list intents (status undefined).
  if (submission.status !== "success") {
    return data<CreateReply>(
      { intent: "create", result: submission.reply() },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const { title, description, questions, allowTextResponses, isActive } = submission.value;
  createTestimonialCampaign(
    {
      title,
      description: description?.trim() || null,
      questions: cleanQuestions(questions ?? []),
      allowTextResponses: allowTextResponses ?? false,
      isActive: isActive ?? false,
    },
    adminId,
  );
  return redirectWithToast(back, testimonialMessages.admin.created);
}

function toggleCampaignAction(id: string, back: string) {
  const campaign = id ? getTestimonialCampaign(id) : undefined;
  if (!campaign) throw notFound();
  updateTestimonialCampaign(campaign.id, { isActive: !campaign.isActive });
  return redirectWithToast(
    back,
    campaign.isActive ? testimonialMessages.admin.deactivated : testimonialMessages.admin.activated,
  );
}

async function deleteCampaignAction(id: string, back: string) {
  if (!id || !(await deleteCampaignAndVideos(id))) throw notFound();
  return redirectWithToast(back, testimonialMessages.admin.deleted);
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["campaigns"][number];

export default function AdminTestimonials() {
  const { params, list, filtered, campaigns, dialog, deleting, responses, constraint } = useLoaderData<typeof loader>();
  const closeHref = hrefWith(PATH, list);
  const reply = useActionData<typeof action>();
  const showCreate = dialog === "create" || reply?.intent === "create";
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title={testimonialMessages.admin.pageTitle}
        description={testimonialMessages.admin.pageIntro}
        actions={
          <Link to={hrefWith(PATH, { ...list, dialog: "create" })} preventScrollReset className={buttonClass()}>
            {testimonialMessages.admin.newCampaign}
          </Link>
        }
      />
      <ListControls
        label={listMessages.testimonials.label}
        action={PATH}
        q={params.q}
        searchHint={listMessages.testimonials.searchHint}
        filters={[
          {
            name: "state",
            label: listMessages.testimonials.state,
            value: params.filters.state,
            options: listMessages.testimonials.states,
          },
        ]}
        sort={params.sort}
        sorts={listMessages.testimonials.sorts}
        total={campaigns.length}
        filtered={filtered}
      />
      {campaigns.length === 0 ? (
        <Card className="py-12 text-center">
          <CardTitle>{filtered ? listMessages.noMatches : testimonialMessages.admin.empty}</CardTitle>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Testimonial campaigns">
          {campaigns.map((c) => (
            <CampaignCard key={c.id} campaign={c} list={list} />
          ))}
        </ul>
      )}

      {showCreate ? (
        <Dialog title={testimonialMessages.admin.createTitle} closeTo={closeHref} width="3xl">
          <CampaignForm
            lastResult={reply?.intent === "create" ? reply.result : undefined}
            closeHref={closeHref}
            constraint={constraint}
          />
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={testimonialMessages.admin.deleteConfirmTitle}
          message={`"${deleting.title}": ${testimonialMessages.admin.deleteConfirmText}`}
          fields={{ intent: "delete", id: deleting.id }}
          confirmLabel={testimonialMessages.admin.delete}
          closeHref={closeHref}
        />
      ) : null}
      {responses ? (
        <Dialog
          title={`${testimonialMessages.admin.responsesTitle}: ${responses.campaign.title}`}
          description={`${responses.items.length} response(s)`}
          closeTo={closeHref}
          width="3xl"
        >
          <ResponseList responses={responses.items} />
        </Dialog>
      ) : null}
    </div>
  );
}

function CampaignCard({ campaign: c, list }: { campaign: Row; list: Record<string, string | null> }) {
  const titleId = useId();
  return (
    <li data-testid="testimonial-campaign" aria-labelledby={titleId}>
      <Card className={cn("flex h-full flex-col gap-3 p-5", !c.isActive && "border-dashed")}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {c.title}
          </h2>
          <Badge variant={c.isActive ? "default" : "secondary"}>
            {c.isActive ? testimonialMessages.admin.active : testimonialMessages.admin.inactive}
          </Badge>
        </div>
        {c.description ? <p className="text-sm text-muted-foreground">{c.description}</p> : null}
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {c.questions.map((q, i) => (
            <li key={i}>
              {q.question}
              {q.helperText ? <span className="block text-xs text-muted-foreground">{q.helperText}</span> : null}
            </li>
          ))}
        </ol>
        <p className="text-xs text-muted-foreground">
          {c.responseCount} response(s) · {c.allowTextResponses ? "Text responses allowed" : "Video only"} · Created{" "}
          {c.createdLabel}
        </p>
        <ShareLink url={c.shareUrl} describedBy={titleId} />
        <div className="mt-auto flex flex-wrap gap-2">
          <Link
            to={hrefWith(PATH, { ...list, responses: c.id })}
            preventScrollReset
            className={buttonClass("default", "sm")}
            aria-describedby={titleId}
          >
            {testimonialMessages.admin.viewResponses} ({c.responseCount})
          </Link>
          <IntentButton intent="toggle" fields={{ id: c.id }} describedBy={titleId}>
            {c.isActive ? testimonialMessages.admin.deactivate : testimonialMessages.admin.activate}
          </IntentButton>
          <ConfirmButton
            confirmHref={hrefWith(PATH, { ...list, delete: c.id })}
            message={`${testimonialMessages.admin.deleteConfirmTitle} "${c.title}": ${testimonialMessages.admin.deleteConfirmText}`}
            fields={{ intent: "delete", id: c.id }}
            variant="destructive"
            describedBy={titleId}
          >
            {testimonialMessages.admin.delete}
          </ConfirmButton>
        </div>
      </Card>
    </li>
  );
}

export const meta: MetaFunction = () => [{ title: `${testimonialMessages.admin.pageTitle} | Admin | Storyhearth` }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
