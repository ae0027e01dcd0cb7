import { Form, Link } from "@remix-run/react";
import { useState } from "react";

import { Button, buttonClass } from "~/components/ui/button";

type DeleteFormProps = { intent: "delete-contact" | "delete-group"; id: string };

export function ConfirmDeleteForm({ intent, id }: DeleteFormProps) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="destructive" size="sm">
        Yes, delete
      </Button>
    </Form>
  );
}

/** Without JavaScript a link to the confirmation view; with it, the confirmation opens in place. */
export function DeleteControl({
  label,
  prompt,
  confirmTo,
  ...form
}: DeleteFormProps & { label: string; prompt: string; confirmTo: string }) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <div role="group" aria-label={prompt} className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium">{prompt}</span>
        <ConfirmDeleteForm {...form} />
        <Button variant="outline" size="sm" autoFocus onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <Link
      to={confirmTo}
      preventScrollReset
      aria-label={label}
      className={buttonClass("outline", "sm", "text-destructive")}
      onClick={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      Delete
    </Link>
  );
}
