import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/** A button that opens one of the page's dialogs by URL (`?dialog=…`), so it works without JavaScript. */
export function OpenDialogButton({ dialog, children, variant, page = 1 }: { dialog: "add-story" | "voice"; children: string; variant?: "default" | "outline"; page?: number }) {
  return (
    <Form method="get" preventScrollReset>
      {/* A GET form replaces the query: the page of stories in view goes with it. */}
      {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
      <Button type="submit" name="dialog" value={dialog} variant={variant}>
        {children}
      </Button>
    </Form>
  );
}
