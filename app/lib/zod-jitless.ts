// The browser's "zod" (vite.config.ts resolves the client build's imports of "zod" here): jitless, so
// Zod 4 never probes `new Function`, which the CSP's script-src (no 'unsafe-eval') reports as a
// violation on every hydrated page. The server keeps the compiled parsers: no CSP there.
import { z } from "zod";

z.config({ jitless: true });

export * from "zod";
export { z as default };
