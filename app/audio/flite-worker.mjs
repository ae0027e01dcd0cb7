// From source only: worker threads do not inherit the parent's `--import tsx`, so this entry registers it.
import { register } from "tsx/esm/api";

register();
await import("./flite-worker.ts");
