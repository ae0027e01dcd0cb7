// Opened by the URL (?dialog=…&id=…), rendered by the server, closed by a link back: no JavaScript needed.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { z } from "zod";

import { ErrorList, Field, FormActions, SelectField, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { podcastActionMessages } from "~/features/podcasts/library/podcast-action-messages";
import { PODCAST_DESCRIPTION_MAX, PODCAST_TITLE_MAX } from "~/features/podcasts/listening/listening-limits";
import type { AddToCollectionSchema, EditDetailsSchema } from "~/features/podcasts/listening/listening-schemas";

export type DialogPodcast = { id: string; title: string; description: string | null; campaignId: string | null };
type DialogProps = {
  podcast: DialogPodcast;
  closeHref: string;
  formAction: string;
  lastResult?: SubmissionResult<string[]> | null;
};

const Hidden = ({ intent, podcastId }: { intent: string; podcastId: string }) => (
  <>
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="podcastId" value={podcastId} />
  </>
);

export function EditDetailsDialog({ podcast, closeHref, formAction, lastResult }: DialogProps) {
  const [form, fields] = useForm<z.input<typeof EditDetailsSchema>>({
    id: `edit-${podcast.id}`,
    lastResult,
    defaultValue: { title: podcast.title, description: podcast.description ?? "" },
    // Checked by the server only: the page ships no schema code.
  });
  return (
    <Dialog title={podcastActionMessages.edit.heading} closeTo={closeHref}>
      <Form method="post" action={formAction} className="space-y-4" {...getFormProps(form)}>
        <Hidden intent="edit" podcastId={podcast.id} />
        <ErrorList errors={form.errors} />
        <Field
          label={podcastActionMessages.edit.titleLabel}
          inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: PODCAST_TITLE_MAX }}
          errors={fields.title.errors}
        />
        <TextareaField
          label={podcastActionMessages.edit.descriptionLabel}
          textareaProps={{ ...getTextareaProps(fields.description), maxLength: PODCAST_DESCRIPTION_MAX, rows: 5 }}
          errors={fields.description.errors}
        />
        <FormActions cancelTo={closeHref}>
          <Button type="submit">{podcastActionMessages.edit.save}</Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

export function AddToCollectionDialog({
  podcast,
  closeHref,
  formAction,
  lastResult,
  campaigns,
}: DialogProps & { campaigns: { id: string; title: string }[] }) {
  const [form, fields] = useForm<z.input<typeof AddToCollectionSchema>>({
    id: `collection-${podcast.id}`,
    lastResult,
    defaultValue: { campaignId: podcast.campaignId ?? "" },
  });
  return (
    <Dialog title={podcastActionMessages.collection.heading} closeTo={closeHref}>
      {campaigns.length === 0 ? (
        <div className="space-y-4">
          <p className="text-muted-foreground">{podcastActionMessages.collection.noCollections}</p>
          <FormActions cancelTo={closeHref}>
            <Link to="/create-story-collection" className={buttonClass()}>
              {podcastActionMessages.collection.createOne}
            </Link>
          </FormActions>
        </div>
      ) : (
        <Form method="post" action={formAction} className="space-y-4" {...getFormProps(form)}>
          <Hidden intent="collection" podcastId={podcast.id} />
          <ErrorList errors={form.errors} />
          <SelectField
            label={podcastActionMessages.collection.label}
            selectProps={{
              id: fields.campaignId.id,
              name: fields.campaignId.name,
              defaultValue: podcast.campaignId ?? "",
            }}
            placeholder={podcastActionMessages.collection.none}
            options={campaigns.map((campaign) => ({ value: campaign.id, label: campaign.title }))}
            errors={fields.campaignId.errors}
          />
          <FormActions cancelTo={closeHref}>
            <Button type="submit">{podcastActionMessages.collection.save}</Button>
          </FormActions>
        </Form>
      )}
    </Dialog>
  );
}

export function DeletePodcastDialog({ podcast, closeHref, formAction }: Omit<DialogProps, "lastResult">) {
  return (
    <Dialog title={podcastActionMessages.remove.heading} closeTo={closeHref}>
      <p>{podcastActionMessages.remove.confirm(podcast.title)}</p>
      <Form method="post" action={formAction} className="flex justify-end gap-2">
        <Hidden intent="delete" podcastId={podcast.id} />
        <Link to={closeHref} className={buttonClass("outline")}>
          {podcastActionMessages.edit.cancel}
        </Link>
        <Button type="submit" variant="destructive">
          {podcastActionMessages.remove.button}
        </Button>
      </Form>
    </Dialog>
  );
}
