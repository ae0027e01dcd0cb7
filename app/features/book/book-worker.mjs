// From source only (dev server, tests): Node's worker threads do not inherit the parent's
// `--import tsx`, so this plain-JavaScript entry registers tsx and runs the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./book-worker.ts");
