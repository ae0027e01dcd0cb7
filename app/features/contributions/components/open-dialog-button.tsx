import { Form } from "@remix-run/react";

import { Button } from "~/components/ui/button";

/** Opens a dialog by URL (`?dialog=…`), so it works without JavaScript. */
export function OpenDialogButton({
  dialog,
  children,
  variant,
  page = 1,
}: {
  dialog: "add-story" | "voice";
  children: string;
  variant?: "default" | "outline";
  page?: number;
}) {
  return (
    <Form method="get" preventScrollReset>
      {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
      <Button type="submit" name="dialog" value={dialog} variant={variant}>
        {children}
      </Button>
    </Form>
  );
}
