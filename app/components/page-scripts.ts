// Remix's documented way to leave a route unhydrated: a route handle the root reads to leave out <Scripts />.
import { useMatches } from "@remix-run/react";

export const noScripts = { hydrate: false } as const;

export const usePageScripts = () =>
  !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
