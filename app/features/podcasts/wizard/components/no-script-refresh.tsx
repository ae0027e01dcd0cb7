/** Inside <noscript>, the browser reads the refresh only when scripts cannot run. */
export function NoScriptRefresh({ seconds }: { seconds: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
