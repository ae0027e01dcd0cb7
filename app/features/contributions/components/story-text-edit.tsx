import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useId } from "react";

import { ErrorList, inputClass } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ListLink } from "~/components/ui/list-link";
import { STORY_MAX } from "~/features/contributions/limits";
import { storyMessages } from "~/features/contributions/messages";
import type { PageLinks } from "~/lib/paging";

export const EDIT_STORY_INTENT = "edit-story";

export function StoryTextEdit({
  storyId,
  text,
  originalText,
  editing,
  result,
  links,
}: {
  storyId: string;
  text: string;
  originalText: string | null;
  editing: boolean;
  result?: SubmissionResult<string[]>;
  links: PageLinks;
}) {
  const id = useId();
  const errors = result?.error?.storyContent;
  return (
    <>
      {originalText !== null ? (
        <details className="rounded-md border border-border bg-muted/40 p-3 text-sm">
          <summary className="cursor-pointer font-medium">{storyMessages.edit.edited}</summary>
          <p className="mt-3 font-medium">{storyMessages.edit.originalHeading}</p>
          <pre className="mt-1 whitespace-pre-wrap break-words font-sans">{originalText}</pre>
        </details>
      ) : null}
      {editing ? (
        <Form method="post" preventScrollReset className="space-y-2 text-sm">
          <input type="hidden" name="intent" value={EDIT_STORY_INTENT} />
          <input type="hidden" name="contributionId" value={storyId} />
          <label htmlFor={id} className="block font-medium">
            {storyMessages.edit.label}
          </label>
          <textarea
            id={id}
            name="storyContent"
            defaultValue={text}
            rows={8}
            maxLength={STORY_MAX}
            autoFocus
            className={inputClass}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? `${id}-error` : undefined}
          />
          <ErrorList id={`${id}-error`} errors={errors} />
          <div className="flex items-center gap-3">
            <button type="submit" className={buttonClass("default", "sm")}>
              {storyMessages.edit.save}
            </button>
            <Link to={links.self} replace preventScrollReset className="text-primary hover:underline">
              {storyMessages.edit.cancel}
            </Link>
          </div>
        </Form>
      ) : (
        <ListLink
          to={links.with("editText", storyId)}
          preventScrollReset
          className="inline-block text-sm font-medium text-primary hover:underline"
        >
          {storyMessages.edit.open}
        </ListLink>
      )}
    </>
  );
}
