// Where a worker (a forked process or a worker thread) starts. Run from source (dev server, tests)
// the worker is the TypeScript file beside the caller, loaded through tsx. In production the server
// is compiled (scripts/build-server.js writes <build>/node/); the workers are compiled beside it and
// run on plain Node, so tsx is never on the production path (decision 0141).
import path from "node:path";
import { fileURLToPath } from "node:url";

export type WorkerScript = { file: string; compiled: boolean };

/**
 * `callerUrl` is the caller's `import.meta.url`: a `.ts` file means we run from source. Bundled, the
 * caller sits in <build>/node/ (the compiled server) or <build>/server/ (Remix's bundle), and the
 * compiled workers are in <build>/node/ for both.
 */
export function workerScript(callerUrl: string, sourceFile: string, compiledName: string): WorkerScript {
  const caller = fileURLToPath(callerUrl);
  if (caller.endsWith(".ts") || caller.endsWith(".tsx")) return { file: path.join(path.dirname(caller), sourceFile), compiled: false };
  return { file: path.resolve(path.dirname(caller), "../node", `${compiledName}.js`), compiled: true };
}
