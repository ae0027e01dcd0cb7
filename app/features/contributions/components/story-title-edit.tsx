import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useId } from "react";

import { ErrorList, inputClass } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ListLink } from "~/components/ui/list-link";
import { TITLE_MAX } from "~/features/contributions/limits";
import { storyMessages } from "~/features/contributions/messages";
import type { PageLinks } from "~/lib/paging";

export const EDIT_TITLE_INTENT = "edit-title";

export function StoryTitleEdit({
  storyId,
  title,
  titled,
  lengthLabel,
  editing,
  result,
  links,
}: {
  storyId: string;
  title: string;
  titled: boolean;
  lengthLabel: string;
  editing: boolean;
  result?: SubmissionResult<string[]>;
  links: PageLinks;
}) {
  const id = useId();
  const errors = result?.error?.storyTitle;
  if (editing) {
    return (
      <Form method="post" preventScrollReset className="space-y-2 text-sm" aria-label={storyMessages.title.open}>
        <input type="hidden" name="intent" value={EDIT_TITLE_INTENT} />
        <input type="hidden" name="contributionId" value={storyId} />
        <label htmlFor={id} className="block font-medium">
          {storyMessages.title.label}
        </label>
        <input
          id={id}
          name="storyTitle"
          defaultValue={titled ? title : ""}
          placeholder={title}
          maxLength={TITLE_MAX}
          autoFocus
          autoComplete="off"
          className={inputClass}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-muted-foreground">
          {storyMessages.title.hint}
        </p>
        <ErrorList id={`${id}-error`} errors={errors} />
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClass("default", "sm")}>
            {storyMessages.title.save}
          </button>
          <Link to={links.self} replace preventScrollReset className="text-primary hover:underline">
            {storyMessages.title.cancel}
          </Link>
        </div>
      </Form>
    );
  }
  return (
    <div className="space-y-1">
      <p className="break-words font-serif text-lg font-semibold" data-testid="story-title">
        {title}
      </p>
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
        <span>{lengthLabel}</span>
        {titled ? null : <span>{storyMessages.title.made}</span>}
        <ListLink
          to={links.with("editTitle", storyId)}
          preventScrollReset
          className="font-medium text-primary hover:underline"
        >
          {titled ? storyMessages.title.change : storyMessages.title.open}
        </ListLink>
      </p>
    </div>
  );
}
