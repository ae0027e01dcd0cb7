import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";

import { clientIp, proxyPolicy, type ProxyPolicy } from "./client-ip";
import { rateLimits } from "./rate-limit";

const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers });

describe("client address", () => {
  it("is the socket's for direct connections, whatever the headers claim", () => {
    const direct = proxyPolicy({ TRUST_PROXY: 0 });
    expect(direct).toEqual({ kind: "direct" });
    expect(clientIp(req("203.0.113.7", { "x-forwarded-for": "1.2.3.4", "fly-client-ip": "5.6.7.8" }), direct)).toBe(
      "203.0.113.7",
    );
  });

  it("is Fly-Client-IP on Fly, which Fly's proxy writes; X-Forwarded-For is ignored", () => {
    const fly = proxyPolicy({ FLY_APP_NAME: "storyhearth", TRUST_PROXY: 0 });
    expect(fly).toEqual({ kind: "fly" });
    expect(clientIp(req("172.16.0.2", { "fly-client-ip": "198.51.100.9", "x-forwarded-for": "1.2.3.4" }), fly)).toBe(
      "198.51.100.9",
    );
    expect(clientIp(req("172.16.0.2"), fly)).toBe("172.16.0.2");
  });

  it("takes the entry TRUST_PROXY hops from the right, so what the client prepends is ignored", () => {
    const one = proxyPolicy({ TRUST_PROXY: 1 });
    expect(one).toEqual({ kind: "hops", hops: 1 });
    expect(clientIp(req("10.0.0.1", { "x-forwarded-for": "6.6.6.6, 198.51.100.9" }), one)).toBe("198.51.100.9");
    const two: ProxyPolicy = { kind: "hops", hops: 2 };
    expect(clientIp(req("10.0.0.1", { "x-forwarded-for": "6.6.6.6, 198.51.100.9, 10.0.0.2" }), two)).toBe(
      "198.51.100.9",
    );
    expect(clientIp(req("10.0.0.1", { "x-forwarded-for": "198.51.100.9" }), two)).toBe("198.51.100.9");
    expect(clientIp(req("10.0.0.1"), one)).toBe("10.0.0.1");
  });
});

const servers: Array<() => void> = [];
afterAll(() => servers.forEach((close) => close()));

async function limitedServer(proxy?: ProxyPolicy) {
  const app = express();
  app.set("trust proxy", 1);
  app.use(
    rateLimits({ windowMs: 60_000, authMax: 3, publicPostMax: 5, generalMax: 1000, ...(proxy ? { proxy } : {}) }),
  );
  app.all("*", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function statuses(base: string, path: string, count: number, headers: (i: number) => Record<string, string>) {
  const result: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(base + path, {
      method: "POST",
      headers: { Accept: "application/json", ...headers(i) },
      body: "a=1",
    });
    result.push(response.status);
  }
  return result;
}

describe("rate limits with a forged X-Forwarded-For", () => {
  const rotating = (i: number) => ({ "X-Forwarded-For": `10.1.${i}.${i}` });
  const expected = [200, 200, 200, 429, 429, 429];

  it("limit a rotating header like no header (direct connections)", async () => {
    expect(await statuses(await limitedServer(), "/login", 6, () => ({}))).toEqual(expected);
    expect(await statuses(await limitedServer(), "/login", 6, rotating)).toEqual(expected);
  });

  it("limit a rotating Fly-Client-IP off Fly, and a rotating X-Forwarded-For prefix behind a trusted proxy", async () => {
    expect(await statuses(await limitedServer(), "/api/login", 6, (i) => ({ "Fly-Client-IP": `10.2.${i}.1` }))).toEqual(
      expected,
    );
    const behindProxy = await limitedServer({ kind: "hops", hops: 1 });
    expect(
      await statuses(behindProxy, "/login", 6, (i) => ({ "X-Forwarded-For": `10.3.${i}.1, 198.51.100.9` })),
    ).toEqual(expected);
    expect(await statuses(behindProxy, "/login", 1, () => ({ "X-Forwarded-For": "198.51.100.10" }))).toEqual([200]);
  });

  it("on Fly, key on Fly-Client-IP: separate clients are counted separately", async () => {
    const fly = await limitedServer({ kind: "fly" });
    expect(
      await statuses(fly, "/login", 4, (i) => ({ "Fly-Client-IP": "198.51.100.9", "X-Forwarded-For": `10.4.${i}.1` })),
    ).toEqual([200, 200, 200, 429]);
    expect(await statuses(fly, "/login", 1, () => ({ "Fly-Client-IP": "198.51.100.10" }))).toEqual([200]);
  });
});
