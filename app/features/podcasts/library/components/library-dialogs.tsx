// Opened by the URL (?dialog=…&id=…), rendered by the server, closed by a link back: no JavaScript needed.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { z } from "zod";

import { ErrorList, Field, FormActions, SelectField, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { PODCAST_DESCRIPTION_MAX, PODCAST_TITLE_MAX } from "~/features/podcasts/listening/listening-limits";
import { listeningMessages } from "~/features/podcasts/listening/listening-messages";
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
    <Dialog title={listeningMessages.edit.heading} closeTo={closeHref}>
      <Form method="post" action={formAction} className="space-y-4" {...getFormProps(form)}>
        <Hidden intent="edit" podcastId={podcast.id} />
        <ErrorList errors={form.errors} />
        <Field
          label={listeningMessages.edit.titleLabel}
          inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: PODCAST_TITLE_MAX }}
          errors={fields.title.errors}
        />
        <TextareaField
          label={listeningMessages.edit.descriptionLabel}
          textareaProps={{ ...getTextareaProps(fields.description), maxLength: PODCAST_DESCRIPTION_MAX, rows: 5 }}
          errors={fields.description.errors}
        />
        <FormActions cancelTo={closeHref}>
          <Button type="submit">{listeningMessages.edit.save}</Button>
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
    <Dialog title={listeningMessages.collection.heading} closeTo={closeHref}>
      {campaigns.length === 0 ? (
        <div className="space-y-4">
          <p className="text-muted-foreground">{listeningMessages.collection.noCollections}</p>
          <FormActions cancelTo={closeHref}>
            <Link to="/create-story-collection" className={buttonClass()}>
              {listeningMessages.collection.createOne}
            </Link>
          </FormActions>
        </div>
      ) : (
        <Form method="post" action={formAction} className="space-y-4" {...getFormProps(form)}>
          <Hidden intent="collection" podcastId={podcast.id} />
          <ErrorList errors={form.errors} />
          <SelectField
            label={listeningMessages.collection.label}
            selectProps={{
              id: fields.campaignId.id,
              name: fields.campaignId.name,
              defaultValue: podcast.campaignId ?? "",
            }}
            placeholder={listeningMessages.collection.none}
            options={campaigns.map((campaign) => ({ value: campaign.id, label: campaign.title }))}
            errors={fields.campaignId.errors}
          />
          <FormActions cancelTo={closeHref}>
            <Button type="submit">{listeningMessages.collection.save}</Button>
          </FormActions>
        </Form>
      )}
    </Dialog>
  );
}

export function DeletePodcastDialog({ podcast, closeHref, formAction }: Omit<DialogProps, "lastResult">) {
  return (
    <Dialog title={listeningMessages.remove.heading} closeTo={closeHref}>
      <p>{listeningMessages.remove.confirm(podcast.title)}</p>
      <Form method="post" action={formAction} className="flex justify-end gap-2">
        <Hidden intent="delete" podcastId={podcast.id} />
        <Link to={closeHref} className={buttonClass("outline")}>
          {listeningMessages.edit.cancel}
        </Link>
        <Button type="submit" variant="destructive">
          {listeningMessages.remove.button}
        </Button>
      </Form>
    </Dialog>
  );
}
