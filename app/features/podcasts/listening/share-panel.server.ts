// Post/redirect/get, so the toast shows without JavaScript and a refresh repeats nothing.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";

import { originFor } from "~/lib/env.server";
import { badIntent, notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { createShareLink, sharePath } from "~/models/share-link.server";

import { newsletterPublicIdFor } from "../library/library.server";
import { readLibraryPins, recentShareFor, rememberShare, toggleLibraryPin } from "./listening-cookies.server";
import { listeningMessages } from "./listening-messages";
import { ShareFormSchema } from "./listening-schemas";

export async function sharePanelFor(request: Request, ownerId: string, podcastId: string) {
  const newsletterId = newsletterPublicIdFor(ownerId, podcastId);
  const share = await recentShareFor(request, podcastId);
  return {
    newsletterHref: newsletterId ? `/newsletter/${newsletterId}` : null,
    pinned: (await readLibraryPins(request)).includes(podcastId),
    share: share ? { url: share.url, days: share.days, passwordProtected: share.passwordProtected } : null,
  };
}

export const SHARE_PANEL_INTENTS = ["share", "no-share-link", "save-library"] as const;
export const isSharePanelIntent = (intent: unknown): intent is (typeof SHARE_PANEL_INTENTS)[number] =>
  (SHARE_PANEL_INTENTS as readonly unknown[]).includes(intent);

export async function sharePanelAction(
  request: Request,
  ownerId: string,
  podcastId: string,
  formData: FormData,
  back: string,
) {
  const intent = formData.get("intent");
  if (intent === "share") {
    const submission = parseWithZod(formData, { schema: ShareFormSchema });
    const hideFields = ["password"];
    if (submission.status !== "success")
      return data(
        { intent: "share" as const, result: submission.reply({ hideFields }), failed: true },
        { status: 400 },
      );
    const created = await createShareLink(ownerId, podcastId, submission.value);
    if ("error" in created) {
      if (created.error === "missing") throw notFound();
      return data(
        { intent: "share" as const, result: submission.reply({ hideFields }), failed: true },
        { status: 409 },
      );
    }
    const days = submission.value.expiration;
    const setCookie = await rememberShare(request, {
      podcastId,
      url: `${originFor(request)}${sharePath(created.token)}`,
      days,
      passwordProtected: created.passwordProtected,
      expiresAt: created.expiresAt.getTime(),
    });
    return redirectWithToast(back, listeningMessages.share.generated(days), { headers: { "Set-Cookie": setCookie } });
  }
  if (intent === "no-share-link")
    return redirectWithToast(back, { ...listeningMessages.share.noLink, variant: "destructive" });
  if (intent === "save-library") {
    const { pinned, setCookie } = await toggleLibraryPin(request, podcastId);
    const toast = pinned ? listeningMessages.downloads.savedToast : listeningMessages.downloads.unsavedToast;
    return redirectWithToast(back, toast, { headers: { "Set-Cookie": setCookie } });
  }
  throw badIntent();
}
