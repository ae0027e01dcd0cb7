// The dialogs of the My Podcasts card menu. They are opened by the URL (?dialog=edit|collection|delete
// &id=…), rendered by the server, and closed by a link back to the list: no JavaScript needed.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorList, Field, inputClass, TextareaField } from "~/components/forms";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useDialogFocus } from "~/components/use-dialog-focus";
import { listeningMessages } from "~/features/podcasts/listening-messages";
import { AddToCollectionSchema, EditDetailsSchema, PODCAST_DESCRIPTION_MAX, PODCAST_TITLE_MAX } from "~/features/podcasts/listening-schemas";

const e = listeningMessages.edit;
const c = listeningMessages.collection;
const r = listeningMessages.remove;

export type DialogPodcast = { id: string; title: string; description: string | null; campaignId: string | null };
type DialogProps = { podcast: DialogPodcast; closeHref: string; formAction: string; lastResult?: SubmissionResult<string[]> | null };

function Dialog({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  const focus = useDialogFocus<HTMLDivElement>();
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4">
      <Card {...focus} role="dialog" aria-modal="true" aria-labelledby={id} className="w-full max-w-lg space-y-4 focus:outline-none">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {children}
      </Card>
    </div>
  );
}

const Hidden = ({ intent, podcastId }: { intent: string; podcastId: string }) => (
  <>
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="podcastId" value={podcastId} />
  </>
);

export function EditDetailsDialog({ podcast, closeHref, formAction, lastResult }: DialogProps) {
  const [form, fields] = useForm({
    id: `edit-${podcast.id}`,
    lastResult,
    defaultValue: { title: podcast.title, description: podcast.description ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EditDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Dialog title={e.heading} id="edit-details-title">
      <Form method="post" action={formAction} className="space-y-4" {...getFormProps(form)}>
        <Hidden intent="edit" podcastId={podcast.id} />
        <ErrorList errors={form.errors} />
        <Field label={e.titleLabel} inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: PODCAST_TITLE_MAX }} errors={fields.title.errors} />
        <TextareaField
          label={e.descriptionLabel}
          textareaProps={{ ...getTextareaProps(fields.description), maxLength: PODCAST_DESCRIPTION_MAX, rows: 5 }}
          errors={fields.description.errors}
        />
        <div className="flex justify-end gap-2">
          <Link to={closeHref} className={buttonClass("outline")}>
            {e.cancel}
          </Link>
          <Button type="submit">{e.save}</Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function AddToCollectionDialog({ podcast, closeHref, formAction, lastResult, campaigns }: DialogProps & { campaigns: { id: string; title: string }[] }) {
  const [form, fields] = useForm({
    id: `collection-${podcast.id}`,
    lastResult,
    defaultValue: { campaignId: podcast.campaignId ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddToCollectionSchema }),
  });
  return (
    <Dialog title={c.heading} id="add-to-collection-title">
      {campaigns.length === 0 ? (
        <div className="space-y-4">
          <p className="text-muted-foreground">{c.noCollections}</p>
          <div className="flex justify-end gap-2">
            <Link to={closeHref} className={buttonClass("outline")}>
              {e.cancel}
            </Link>
            <Link to="/create-story-collection" className={buttonClass()}>
              {c.createOne}
            </Link>
          </div>
        </div>
      ) : (
        <Form method="post" action={formAction} className="space-y-4" {...getFormProps(form)}>
          <Hidden intent="collection" podcastId={podcast.id} />
          <ErrorList errors={form.errors} />
          <div className="space-y-1">
            <label htmlFor={fields.campaignId.id} className="block text-sm font-medium">
              {c.label}
            </label>
            <select id={fields.campaignId.id} name={fields.campaignId.name} defaultValue={podcast.campaignId ?? ""} className={inputClass}>
              <option value="">{c.none}</option>
              {campaigns.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.title}
                </option>
              ))}
            </select>
            <ErrorList errors={fields.campaignId.errors} />
          </div>
          <div className="flex justify-end gap-2">
            <Link to={closeHref} className={buttonClass("outline")}>
              {e.cancel}
            </Link>
            <Button type="submit">{c.save}</Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}

export function DeletePodcastDialog({ podcast, closeHref, formAction }: Omit<DialogProps, "lastResult">) {
  return (
    <Dialog title={r.heading} id="delete-podcast-title">
      <p>{r.confirm(podcast.title)}</p>
      <Form method="post" action={formAction} className="flex justify-end gap-2">
        <Hidden intent="delete" podcastId={podcast.id} />
        <Link to={closeHref} className={buttonClass("outline")}>
          {e.cancel}
        </Link>
        <Button type="submit" variant="destructive">
          {r.button}
        </Button>
      </Form>
    </Dialog>
  );
}
