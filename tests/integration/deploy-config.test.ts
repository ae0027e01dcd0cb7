// Docker cannot run here, so the deployment files are checked against each other and against the
// app: litefs.yml (proxy, mount, lease, exec order), fly.toml (ports, volume, checks), the
// Dockerfile's environment, and the secrets docs/deploy.md tells a newcomer to set.
import fs from "node:fs";
import path from "node:path";
import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

import { parseEnv } from "~/lib/env.server";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

type LiteFsConfig = {
  fuse: { dir: string };
  data: { dir: string };
  proxy: { addr: string; target: string; db: string; passthrough: string[]; "always-forward": string[] };
  lease: {
    type: string;
    candidate: string;
    promote: boolean;
    "advertise-url": string;
    consul: { url: string; key: string };
  };
  exec: { cmd: string; "if-candidate"?: boolean }[];
};
type Check = { path: string; method: string };
type FlyConfig = {
  app: string;
  primary_region: string;
  kill_timeout: string;
  env: Record<string, string>;
  mounts: { source: string; destination: string };
  http_service: { internal_port: number; auto_stop_machines: string; concurrency: { type: string }; checks: Check[] };
};

const litefs = parseYaml(read("litefs.yml")) as LiteFsConfig;
const fly = parseToml(read("fly.toml")) as unknown as FlyConfig;
const dockerfile = read("Dockerfile");

/** The runtime stage's ENV (the last FROM onwards), `ENV A=1 \ B=2` included. */
function runtimeEnv() {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  const env: Record<string, string> = {};
  for (const [, body] of lastStage.replace(/\\\n/g, " ").matchAll(/^ENV (.+)$/gm)) {
    for (const [, key, value] of body!.matchAll(/([A-Z0-9_]+)=(\S+)/g)) env[key!] = value!;
  }
  return env;
}
const image = runtimeEnv();
const portOf = (hostPort: string) => Number(hostPort.split(":").pop());
/** LiteFS's path patterns: the whole path, `*` standing for anything. */
const liteFsMatch = (glob: string) =>
  new RegExp(
    `^${glob
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );

describe("litefs.yml and fly.toml agree with each other and the app", () => {
  it("Fly sends traffic to the LiteFS proxy, which forwards to the port the app listens on", () => {
    expect(portOf(litefs.proxy.addr)).toBe(fly.http_service.internal_port);
    expect(litefs.proxy.target).toBe(`localhost:${image.PORT}`);
    expect(image.PORT).not.toBe(String(fly.http_service.internal_port));
    expect(parseEnv({ ...image, APP_ENV: "test" }).PORT).toBe(portOf(litefs.proxy.target));
  });

  it("the database the app opens lives in the LiteFS mount, under the name the proxy tracks", () => {
    expect(image.LITEFS_DIR).toBe(litefs.fuse.dir);
    expect(image.DATABASE_PATH).toBe(path.posix.join(litefs.fuse.dir, litefs.proxy.db));
  });

  it("LiteFS keeps its data on the Fly volume", () => {
    expect(fly.mounts.destination).toBe(litefs.data.dir);
    expect(fly.mounts.source).toBeTruthy();
  });

  it("the primary is chosen by a consul lease, among candidates in the primary region", () => {
    expect(litefs.lease.type).toBe("consul");
    expect(litefs.lease.candidate).toMatch(/^\$\{FLY_REGION == PRIMARY_REGION\}$/);
    expect(litefs.lease.promote).toBe(true);
    expect(litefs.lease["advertise-url"]).toBe("http://${HOSTNAME}.vm.${FLY_APP_NAME}.internal:20202");
    expect(litefs.lease.consul.url).toBe("${FLY_CONSUL_URL}");
    expect(litefs.lease.consul.key).toContain("${FLY_APP_NAME}");
    expect(fly.primary_region).toMatch(/^[a-z]{3}$/);
  });

  it("exec migrates first, on candidates only, then starts the app everywhere", () => {
    // The compiled server (decision 0141): plain Node, no TypeScript loader in production.
    expect(litefs.exec.map((e) => e.cmd)).toEqual(["node build/node/migrate.js", "node build/node/index.js"]);
    expect(litefs.exec[0]!["if-candidate"]).toBe(true);
    expect(litefs.exec[1]!["if-candidate"]).toBeUndefined();
    const compiled = read("scripts/server-build-options.js");
    expect(compiled).toContain('migrate: "scripts/migrate.ts"');
    expect(compiled).toContain('index: "server/index.ts"');
    for (const file of ["scripts/migrate.ts", "server/index.ts"])
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });

  it("static files pass straight through; nothing that reads the database does", () => {
    expect(litefs.proxy.passthrough).toEqual(expect.arrayContaining(["/assets/*", "/healthz"]));
    for (const pattern of litefs.proxy.passthrough) expect(pattern).not.toMatch(/^\*\./);
  });

  it("GETs that write are always forwarded to the primary", () => {
    const forwarded = (p: string) => litefs.proxy["always-forward"].some((glob) => liteFsMatch(glob).test(p));
    for (const p of [
      "/auth/callback",
      "/api/external/podcasts",
      "/api/external/download/abc",
      "/api/external/podcast-status/abc",
    ]) {
      expect(forwarded(p), p).toBe(true);
    }
    for (const p of ["/", "/dashboard", "/api/podcasts/recent"]) expect(forwarded(p), p).toBe(false);
  });

  it("Fly checks the app and LiteFS, limits by requests, and never stops the primary for idling", () => {
    expect(fly.http_service.checks.map((c) => c.path).sort()).toEqual(["/healthz", "/litefs/health"]);
    expect(fly.http_service.concurrency.type).toBe("requests");
    expect(fly.http_service.auto_stop_machines).toBe("off");
    // server/index.ts gives open requests and the job in hand 10 s before it exits.
    expect(Number.parseInt(fly.kill_timeout)).toBeGreaterThan(10);
    expect(read("server/app.ts")).toContain('app.get("/healthz"');
  });
});

describe("the Dockerfile", () => {
  it("builds on Node 24 slim in stages and ends in litefs mount", () => {
    expect(dockerfile).toMatch(/^FROM node:24[\w.-]*-slim AS base$/m);
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toContain("ONNXRUNTIME_NODE_INSTALL=skip");
    expect(dockerfile).toMatch(/RUN npm ci --no-audit --no-fund/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/RUN npm run voices:download/);
    expect(dockerfile).toMatch(/apt-get install[^\n]*\bffmpeg\b[^\n]*\bfuse3\b/);
    expect(dockerfile).toMatch(/^COPY --from=flyio\/litefs:0\.5 \/usr\/local\/bin\/litefs \/usr\/local\/bin\/litefs$/m);
    expect(dockerfile).toMatch(/^COPY litefs\.yml \/etc\/litefs\.yml$/m);
    expect(dockerfile.trim().split("\n").pop()).toBe('ENTRYPOINT ["litefs", "mount"]');
    expect(JSON.parse(read("package.json")).scripts["voices:download"]).toBeTruthy();
    // Production dependencies only in the runtime stage, and tsx is not one of them.
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev/);
    expect(JSON.parse(read("package.json")).dependencies.tsx).toBeUndefined();
  });

  it("sets the production environment the brief asks for", () => {
    expect(image).toMatchObject({
      NODE_ENV: "production",
      APP_ENV: "production",
      DATABASE_PATH: "/litefs/storyhearth.db",
      DATA_DIR: "/data/files",
    });
  });
});

describe("docs/deploy.md", () => {
  const guide = read("docs/deploy.md");

  it("sets every secret a production start needs (with what Tigris and consul set themselves)", () => {
    const blocks = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((b) => b.includes("fly secrets set"));
    const documented = new Set(blocks.flatMap((b) => [...b.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]!)));
    for (const key of [
      "SESSION_SECRET",
      "MAILGUN_API_KEY",
      "MAILGUN_DOMAIN",
      "MAILGUN_WEBHOOK_SIGNING_KEY",
      "OPENAI_API_KEY",
    ]) {
      expect(documented.has(key), key).toBe(true);
    }
    const setByFly = [
      "BUCKET_NAME",
      "AWS_ENDPOINT_URL_S3",
      "AWS_REGION",
      "AWS_ACCESS_KEY_ID",
      "AWS_SECRET_ACCESS_KEY",
      "FLY_CONSUL_URL",
    ];
    for (const key of setByFly) expect(guide, key).toContain(key);
    const dummy = (key: string) =>
      /_URL(_|$)/.test(key)
        ? "https://example.test/x"
        : /(_FROM|_EMAIL)$/.test(key)
          ? "team@example.test"
          : "set-by-operator";
    const secrets = Object.fromEntries([...documented, ...setByFly].map((key) => [key, dummy(key)]));
    expect(() => parseEnv({ ...image, ...fly.env, ...secrets })).not.toThrow();
  });

  it("lists the Docker build's stages and the LiteFS backup and restore commands", () => {
    for (const step of [
      "npm ci",
      "npm run build",
      "npm run voices:download",
      "flyio/litefs:0.5",
      "litefs mount",
      "litefs export",
      "litefs import",
      ".backup",
    ]) {
      expect(guide, step).toContain(step);
    }
  });
});
