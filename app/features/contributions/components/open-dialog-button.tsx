import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/** A button that opens one of the page's dialogs by URL (`?dialog=…`), so it works without JavaScript. */
export function OpenDialogButton({ dialog, children, variant }: { dialog: "add-story" | "voice"; children: string; variant?: "default" | "outline" }) {
  return (
    <Form method="get" preventScrollReset>
      <Button type="submit" name="dialog" value={dialog} variant={variant}>
        {children}
      </Button>
    </Form>
  );
}
