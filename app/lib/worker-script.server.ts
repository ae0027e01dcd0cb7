// From source a worker is the TypeScript file beside the caller, run through tsx; in production it is compiled, so tsx never runs there.
import path from "node:path";
import { fileURLToPath } from "node:url";

export type WorkerScript = { file: string; compiled: boolean };

export function workerScript(callerUrl: string, sourceFile: string, compiledName: string): WorkerScript {
  const caller = fileURLToPath(callerUrl);
  if (caller.endsWith(".ts") || caller.endsWith(".tsx"))
    return { file: path.join(path.dirname(caller), sourceFile), compiled: false };
  return { file: path.resolve(path.dirname(caller), "../node", `${compiledName}.js`), compiled: true };
}
