// People without an account must not see the marketing header's 'Login' (decision 0124).
import { useMatches } from "@remix-run/react";
import type { ReactNode } from "react";

import { PRODUCT_NAME } from "~/lib/messages";

export const respondentFrame = { frame: "respondent" } as const;

export function useRespondentFrame() {
  return useMatches().some((match) => (match.handle as { frame?: string } | undefined)?.frame === "respondent");
}

type Props = {
  title: string;
  titleAs?: "h1" | "p";
  description?: string | null;
  children: ReactNode;
};

export function RespondentFrame({ title, titleAs = "h1", description, children }: Props) {
  const Title = titleAs;
  return (
    <div className="min-h-screen bg-muted/30" data-testid="respondent-frame">
      <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-6 sm:py-10">
        <div className="space-y-2 text-center">
          <p className="font-serif text-sm font-semibold tracking-wide text-primary">{PRODUCT_NAME}</p>
          <Title className="break-words font-serif text-2xl font-bold sm:text-3xl" data-testid="respondent-frame-title">
            {title}
          </Title>
          {description ? <p className="break-words text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
