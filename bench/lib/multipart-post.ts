// Posts a file part as multipart/form-data with node:http, the way a browser sends a Blob slice.
// The bytes come from memory (a slice of a file read once before the timed run), so the load
// generator spends as little CPU as it can: on loopback it shares the cores with the server it measures.
import { randomUUID } from "node:crypto";
import http from "node:http";

export type FilePart = { field: string; bytes: Buffer; fileName: string; type: string };

export function postFilePart(
  url: string,
  fields: Record<string, string>,
  part: FilePart,
): Promise<{ status: number; body: string }> {
  const boundary = `----storyhearth-bench-${randomUUID()}`;
  let head = "";
  for (const [name, value] of Object.entries(fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + part.bytes.length + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": length,
          Accept: "application/json",
        },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (text: string) => (body += text));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.write(head);
    request.write(part.bytes);
    request.end(tail);
  });
}
