// The server compiled once at build time (decision 0141): `node <build>/node/index.js` runs plain
// JavaScript, with no TypeScript loader on the production path. Written to <build>/node/ beside
// Remix's client/ and server/ (BUILD_DIR, default "build"), with the workers the server starts and
// the migration step LiteFS runs. Packages stay in node_modules; only our own code is bundled.
import path from "node:path";
import { build } from "esbuild";

import { serverBuildOptions } from "./server-build-options.js";

const outdir = path.join(process.env.BUILD_DIR ?? "build", "node");

await build(serverBuildOptions(outdir));
console.log(`server compiled into ${outdir}/`);
