// Posts one byte range of a file as a multipart/form-data file part, streamed from disk with
// node:http (as a browser sends a Blob slice): the client never holds a chunk in memory, and it is not
// the bottleneck (fetch + FormData tops out near 200 MB/s on these cores).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";

export type FilePart = { field: string; file: string; start: number; end: number; fileName: string; type: string };

export function postFileRange(url: string, fields: Record<string, string>, part: FilePart): Promise<{ status: number; body: string }> {
  const boundary = `----storyhearth-bench-${randomUUID()}`;
  let head = "";
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + (part.end - part.start) + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": length, Accept: "application/json" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (text: string) => (body += text));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.write(head);
    const bytes = fs.createReadStream(part.file, { start: part.start, end: part.end - 1, highWaterMark: 1024 * 1024 });
    bytes.on("error", reject);
    bytes.on("end", () => request.end(tail));
    bytes.pipe(request, { end: false });
  });
}
