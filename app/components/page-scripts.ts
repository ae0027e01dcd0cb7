// Pages that need no React: Remix's documented way to leave a route unhydrated
// (guides/disabling-javascript) is a route handle that the root reads to leave out <Scripts />.
// Such a page is its no-JavaScript version for everyone: plain HTML forms, links and native controls.
import { useMatches } from "@remix-run/react";

/** `export const handle = noScripts` on a route whose page works as plain HTML. */
export const noScripts = { hydrate: false } as const;

/** False when any matched route opted out: the root then sends no scripts at all. */
export const usePageScripts = () => !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
