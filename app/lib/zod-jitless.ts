// The browser's zod (vite.config.ts points client imports here), jitless: Zod 4 would probe `new Function`, which the CSP forbids.
import { z } from "zod";

z.config({ jitless: true });

export * from "zod";
export { z as default };
