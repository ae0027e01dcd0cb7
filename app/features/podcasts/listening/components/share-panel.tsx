import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import type { z } from "zod";

import { CheckboxField, ErrorList, Field, FormAlert, inputClass } from "~/components/forms";
import { showToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { useHydrated } from "~/components/use-hydrated";
import { podcastDownloadUrl, transcriptDownloadUrl } from "~/features/podcasts/listening/download-names";
import { SHARE_DAYS_DEFAULT, SHARE_DAYS_MAX, SHARE_DAYS_MIN } from "~/features/podcasts/listening/listening-limits";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
import type { ShareFormSchema } from "~/features/podcasts/listening/listening-schemas";
import { SOCIAL_NETWORKS, socialShareUrls, type SocialNetwork } from "~/features/podcasts/listening/share-urls";

const NETWORK_LABELS: Record<SocialNetwork, string> = { email: "E-mail", sms: "Text message", whatsapp: "WhatsApp" };

export type GeneratedShare = { url: string; days: number; passwordProtected: boolean };

type Props = {
  podcastId: string;
  title: string;
  hasTranscript: boolean;
  newsletterHref: string | null;
  pinned: boolean;
  share: GeneratedShare | null;
  failed: boolean;
  lastResult?: SubmissionResult<string[]> | null;
};

export function SharePanel({
  podcastId,
  title,
  hasTranscript,
  newsletterHref,
  pinned,
  share,
  failed,
  lastResult,
}: Props) {
  const hydrated = useHydrated();
  const show = showToast;
  const [form, fields] = useForm<z.input<typeof ShareFormSchema>>({
    id: "share-form",
    lastResult,
    defaultValue: { expiration: String(SHARE_DAYS_DEFAULT) },
  });
  const [protect, setProtect] = useState(fields.passwordProtect.initialValue === "on");

  const copy = async () => {
    if (!share) return show({ ...listeningMessages.share.noLink, variant: "destructive" });
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(share.url);
      show({ title: listeningMessages.share.copied.title });
    } catch {
      show({ ...listeningMessages.share.copyFailed, variant: "destructive" });
    }
  };

  // With JavaScript a download is checked first (HEAD), so a failure gets a toast instead of an error page.
  const download = (kind: "audio" | "transcript") => async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const href = event.currentTarget.href;
    const [started, failed, describe] =
      kind === "audio"
        ? [
            listeningMessages.downloads.started,
            listeningMessages.downloads.failed,
            listeningMessages.downloads.httpFailed,
          ]
        : [
            listeningMessages.downloads.transcriptStarted,
            listeningMessages.downloads.transcriptFailed,
            listeningMessages.downloads.transcriptHttpFailed,
          ];
    try {
      const response = await fetch(href, { method: "HEAD", credentials: "same-origin" });
      if (!response.ok)
        return show({
          title: failed,
          description: describe(`${response.status}: ${response.statusText}`),
          variant: "destructive",
        });
      const link = document.createElement("a");
      link.href = href;
      link.download = "";
      document.body.append(link);
      link.click();
      link.remove();
      show({ title: started });
    } catch (error) {
      show({ title: failed, description: (error as Error).message, variant: "destructive" });
    }
  };

  const social = share ? socialShareUrls(share.url, title) : null;

  return (
    <Card className="space-y-6" aria-labelledby="share-heading">
      <CardTitle id="share-heading">{listeningMessages.share.heading}</CardTitle>

      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="share" />
        {failed ? (
          <FormAlert title={listeningMessages.share.generationFailed.title}>
            <p>{listeningMessages.share.generationFailed.description}</p>
          </FormAlert>
        ) : null}
        <div className="space-y-1">
          <label htmlFor="share-link" className="block text-sm font-medium">
            {listeningMessages.share.linkLabel}
          </label>
          <div className="flex gap-2">
            <input
              id="share-link"
              readOnly
              value={share?.url ?? ""}
              placeholder="Press Generate to create a secure link"
              className={`${inputClass} font-mono text-sm`}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link"
            />
            {hydrated && share ? (
              <Button variant="outline" onClick={() => void copy()}>
                {listeningMessages.share.copy}
              </Button>
            ) : (
              <Button type="submit">{listeningMessages.share.generate}</Button>
            )}
          </div>
          {share ? (
            <p className="text-sm text-muted-foreground">
              {share.passwordProtected ? `${listeningMessages.share.protectedNote} ` : ""}
              {hydrated ? "" : listeningMessages.share.selectHint}
            </p>
          ) : null}
          <ErrorList errors={form.errors} />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={listeningMessages.share.expiryLabel}
            inputProps={{
              ...getInputProps(fields.expiration, { type: "number" }),
              min: SHARE_DAYS_MIN,
              max: SHARE_DAYS_MAX,
              step: 1,
            }}
            errors={fields.expiration.errors}
          />
          <div className="space-y-2">
            <CheckboxField
              className="pt-6"
              label={listeningMessages.share.passwordProtect}
              inputProps={{
                ...getInputProps(fields.passwordProtect, { type: "checkbox" }),
                onChange: (e) => setProtect(e.currentTarget.checked),
              }}
              errors={fields.passwordProtect.errors}
            />
          </div>
        </div>
        {!hydrated || protect || fields.password.errors?.length ? (
          <Field
            label={listeningMessages.share.passwordLabel}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.password.errors}
          />
        ) : null}
        {hydrated && share ? (
          <Button type="submit" variant="outline" size="sm">
            {listeningMessages.share.newLink}
          </Button>
        ) : null}
      </Form>

      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{listeningMessages.share.sendBy}</h3>
        {social ? (
          <ul className="flex flex-wrap gap-2">
            {SOCIAL_NETWORKS.map((network) => (
              <li key={network}>
                <a
                  href={social[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass("outline", "sm")}
                  data-network={network}
                >
                  {NETWORK_LABELS[network]}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="no-share-link" />
            {SOCIAL_NETWORKS.map((network) => (
              <Button
                key={network}
                type="submit"
                name="network"
                value={network}
                variant="outline"
                size="sm"
                data-network={network}
              >
                {NETWORK_LABELS[network]}
              </Button>
            ))}
          </Form>
        )}
      </div>

      <div className="space-y-2">
        <h3 className="text-sm font-semibold">{listeningMessages.downloads.heading}</h3>
        <div className="flex flex-wrap gap-2">
          <a
            href={podcastDownloadUrl(podcastId)}
            download
            className={buttonClass("default", "sm")}
            onClick={hydrated ? download("audio") : undefined}
          >
            {listeningMessages.downloads.mp3}
          </a>
          {hasTranscript ? (
            <a
              href={transcriptDownloadUrl(podcastId)}
              download
              className={buttonClass("outline", "sm")}
              onClick={hydrated ? download("transcript") : undefined}
            >
              {listeningMessages.downloads.transcript}
            </a>
          ) : null}
          {newsletterHref ? (
            <a href={newsletterHref} className={buttonClass("outline", "sm")}>
              {listeningMessages.downloads.newsletter}
            </a>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="save-library" />
            <Button type="submit" variant="outline" size="sm" aria-pressed={pinned}>
              {pinned ? listeningMessages.downloads.unsave : listeningMessages.downloads.save}
            </Button>
          </Form>
        </div>
      </div>
    </Card>
  );
}
