import type { IncomingHttpHeaders } from "node:http";

import type { Env } from "../app/lib/env.server";

export type ProxyPolicy = { kind: "direct" } | { kind: "fly" } | { kind: "hops"; hops: number };

export function proxyPolicy(config: Pick<Env, "FLY_APP_NAME" | "TRUST_PROXY">): ProxyPolicy {
  if (config.FLY_APP_NAME) return { kind: "fly" };
  return config.TRUST_PROXY > 0 ? { kind: "hops", hops: config.TRUST_PROXY } : { kind: "direct" };
}

export const expressTrustProxy = (policy: ProxyPolicy) =>
  policy.kind === "fly" ? 1 : policy.kind === "hops" ? policy.hops : false;

type IncomingRequest = { socket: { remoteAddress?: string | undefined }; headers: IncomingHttpHeaders };

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();

export function clientIp(req: IncomingRequest, policy: ProxyPolicy): string {
  const socket = req.socket.remoteAddress ?? "unknown";
  if (policy.kind === "fly") return firstHeader(req.headers["fly-client-ip"]) || socket;
  if (policy.kind === "direct") return socket;
  // Each trusted proxy appends the address it saw; entries further left were written by the client.
  const forwarded = (firstHeader(req.headers["x-forwarded-for"]) ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [socket, ...forwarded.reverse()];
  return chain[Math.min(policy.hops, chain.length - 1)]!;
}
