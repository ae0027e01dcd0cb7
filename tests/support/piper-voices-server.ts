// A stand-in for Hugging Face's rhasspy/piper-voices on 127.0.0.1: the same paths
// (<lang>/<locale>/<dataset>/<quality>/<model>.onnx[.json]) and a voices.json listing size and md5 of each
// file. Tests ask it to cut a response halfway, send other bytes than listed, or stall.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { piperVoicePath } from "~/audio/voices.server";

export type Misbehaviour = "cut" | "corrupt" | "stall";

export async function startPiperVoicesServer(sourceDir: string, models: string[]) {
  const files = new Map<string, Buffer>();
  for (const model of models) {
    for (const ext of ["onnx", "onnx.json"] as const)
      files.set(piperVoicePath(model, ext), fs.readFileSync(path.join(sourceDir, `${model}.${ext}`)));
  }
  const catalogue = Object.fromEntries(
    models.map((model) => {
      const listed = (["onnx", "onnx.json"] as const).map((ext) => {
        const bytes = files.get(piperVoicePath(model, ext))!;
        return [
          piperVoicePath(model, ext),
          { size_bytes: bytes.length, md5_digest: crypto.createHash("md5").update(bytes).digest("hex") },
        ];
      });
      return [model, { key: model, name: model.split("-")[1], files: Object.fromEntries(listed) }];
    }),
  );
  /** path → what to do wrong, and for how many more requests. */
  const trouble = new Map<string, { kind: Misbehaviour; times: number }>();
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
    requests.push(name);
    if (name === "voices.json")
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(catalogue));
    const bytes = files.get(name);
    if (!bytes) return void res.writeHead(404).end("Entry not found");
    const wrong = trouble.get(name);
    if (wrong && wrong.times-- > 0) {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
      if (wrong.kind === "stall") return void res.write(bytes.subarray(0, 10));
      if (wrong.kind === "cut")
        return void res.write(bytes.subarray(0, bytes.length >> 1), () => res.socket?.destroy());
      const corrupted = Buffer.from(bytes);
      corrupted[corrupted.length >> 1]! ^= 0xff;
      return void res.end(corrupted);
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    bytes: (model: string, ext: "onnx" | "onnx.json") => files.get(piperVoicePath(model, ext))!,
    misbehave: (model: string, ext: "onnx" | "onnx.json", kind: Misbehaviour, times = 1) =>
      trouble.set(piperVoicePath(model, ext), { kind, times }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on which nothing listens: a machine with no way to the voices host. */
export async function closedPortUrl() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
