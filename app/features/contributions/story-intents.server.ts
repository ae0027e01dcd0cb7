// The stories page's own intents on a campaign's stories; the card-level ones live in story-cards.server.ts.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createContribution, renameContributor } from "~/models/contribution.server";

import { storyMessages } from "./messages";
import { ContributionSchema, RenameContributorSchema } from "./schemas";

export function addStoryAction(campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: ContributionSchema });
  if (submission.status !== "success")
    return data({ intent: "add-story" as const, result: submission.reply() }, { status: 400 });
  createContribution({ campaignId, ...submission.value, submissionMethod: "web" });
  return redirectWithToast(pageUrl, storyMessages.toast.storyAdded);
}

export function renameAction(ownerId: string, campaignId: string, formData: FormData, pageUrl: string) {
  const submission = parseWithZod(formData, { schema: RenameContributorSchema });
  if (submission.status !== "success")
    return data({ intent: "rename" as const, result: submission.reply() }, { status: 400 });
  const { contributionId, contributorName } = submission.value;
  if (!renameContributor(ownerId, contributionId, contributorName, campaignId)) throw notFound();
  return redirectWithToast(pageUrl, storyMessages.toast.nameUpdated);
}
