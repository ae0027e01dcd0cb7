/**
 * Reloads the page every few seconds when JavaScript is off (a page with JavaScript polls instead):
 * inside <noscript> the browser only reads the tag when scripts cannot run.
 */
export function NoScriptRefresh({ seconds }: { seconds: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
