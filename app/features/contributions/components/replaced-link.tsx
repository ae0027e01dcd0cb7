import { Form } from "@remix-run/react";

import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { storyMessages } from "~/features/contributions/messages";

export const freshLinkPath = (token: string) => `/fresh-link/${encodeURIComponent(token)}`;

export function ReplacedLink({
  campaignTitle,
  token,
  sent = false,
}: {
  campaignTitle: string;
  token: string;
  sent?: boolean;
}) {
  return (
    <Card className="space-y-4 text-center">
      {sent ? (
        <>
          <h1 className="text-2xl font-semibold">{storyMessages.replacedLink.sentTitle}</h1>
          <p className="text-muted-foreground">{storyMessages.replacedLink.sentText}</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">{storyMessages.replacedLink.title}</h1>
          <p className="text-muted-foreground">{storyMessages.replacedLink.text(campaignTitle)}</p>
          <p className="text-muted-foreground">{storyMessages.replacedLink.hint}</p>
          <Form method="post" action={freshLinkPath(token)} reloadDocument>
            <Button type="submit">{storyMessages.replacedLink.button}</Button>
          </Form>
        </>
      )}
    </Card>
  );
}
