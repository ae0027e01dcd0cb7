import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { originCheck } from "./origin-check";
import { rateLimits } from "./rate-limit";

let base = "";
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(originCheck());
  app.use(rateLimits({ windowMs: 60_000, authMax: 3, publicPostMax: 5, generalMax: 1000 }));
  app.all("*", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "a=1",
  });

describe("rate limits", () => {
  it("answers 429 with a clear message past the sign-in limit", async () => {
    for (let i = 0; i < 3; i++) expect((await post("/login")).status).toBe(200);
    const refused = await post("/login", { Accept: "application/json" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: "Too many requests. Please wait a minute and try again." });
    const page = await post("/api/login", { Accept: "text/html" });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain("Too many requests. Please wait a minute and try again.");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="/api/login">Go back</a>');
    const fromLogin = await post("/login", { Accept: "text/html", Referer: `${base}/login?redirectTo=%2Fcontacts` });
    expect(await fromLogin.text()).toContain('<a href="/login?redirectTo=%2Fcontacts">Go back</a>');
    const fromElsewhere = await post("/login", { Accept: "text/html", Referer: "https://evil.example/x" });
    expect(await fromElsewhere.text()).toContain('<a href="/login">Go back</a>');
  });

  it("does not count page views against the sign-in limit", async () => {
    for (let i = 0; i < 6; i++) expect((await fetch(base + "/reset-password")).status).toBe(200);
  });

  it("limits public form posts separately", async () => {
    for (let i = 0; i < 5; i++) expect((await post("/contribute/abc")).status).toBe(200);
    expect((await post("/contribute/abc")).status).toBe(429);
  });
});

describe("cross-site requests", () => {
  it("refuses a POST from another origin", async () => {
    const response = await post("/change-password", { Origin: "https://evil.example", Host: new URL(base).host });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(/Cross-site/);
  });

  it("refuses a POST the browser marks cross-site", async () => {
    expect((await post("/contacts", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("accepts same-origin POSTs and signed webhooks", async () => {
    expect((await post("/contacts", { Origin: base })).status).toBe(200);
    expect((await post("/webhooks/mailgun", { Origin: "https://mailgun.example" })).status).toBe(200);
  });
});

describe("video chunk uploads", () => {
  it("have their own tier, so a 500 MB upload (34 chunks) is not refused", async () => {
    for (let i = 0; i < 40; i++) expect((await post("/api/testimonials/public/abc/upload-chunk")).status).toBe(200);
  });
});
