import { describe, expect, it } from "vitest";

import { MultipartError } from "~/lib/multipart.server";

import { MAX_ATTACHMENT_BYTES, MAX_INBOUND_BYTES, readInboundForm } from "./inbound-email.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/webhooks/mailgun/inbound", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);

describe("readInboundForm", () => {
  it("reads every field and the attachments, an attachment over 10 MB too", async () => {
    const form = new FormData();
    form.set("recipient", "reply+abc@mg.example.com");
    form.set("body-plain", "We drove the old Ford to Lake Tahoe.");
    form.set("attachment-count", "2");
    form.set("attachment-1", new File([Buffer.alloc(MAX_ATTACHMENT_BYTES + 1)], "huge.jpg", { type: "image/jpeg" }));
    form.set("attachment-2", new File([Buffer.from("small")], "small.png", { type: "image/png" }));
    const { form: read, release } = await readInboundForm(post(form));
    expect(read.get("recipient")).toBe("reply+abc@mg.example.com");
    expect(read.get("body-plain")).toBe("We drove the old Ford to Lake Tahoe.");
    expect(read.get("attachment-1")).toMatchObject({ name: "huge.jpg", size: MAX_ATTACHMENT_BYTES + 1 });
    expect(read.get("attachment-2")).toMatchObject({ name: "small.png", size: 5 });
    expect(Buffer.from(await (read.get("attachment-2") as File).arrayBuffer()).toString()).toBe("small");
    await release();
    await expect((read.get("attachment-2") as File).arrayBuffer()).rejects.toThrow();
  });

  it("refuses a chunked post without Content-Length once it passes 25 MB, without reading the rest", async () => {
    const boundary = "----inbound";
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) =>
        controller.enqueue(
          new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="body-plain"\r\n\r\n`),
        ),
      pull(controller) {
        if (sent >= 100 * 1024 * 1024) return controller.close();
        controller.enqueue(new Uint8Array(1024 * 1024).fill(0x61));
        sent += 1024 * 1024;
      },
    });
    const error = await readInboundForm(
      post(body, { "Content-Type": `multipart/form-data; boundary=${boundary}` }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MultipartError);
    expect(error).toMatchObject({ status: 413 });
    expect(sent).toBeLessThan(MAX_INBOUND_BYTES + 8 * 1024 * 1024);
  });

  // Mailgun passes a mail client's raw file name on; refusing it would refuse the reply.
  it("reads an attachment whose file name holds a raw control byte, the byte made a space", async () => {
    const boundary = "----inbound";
    const head = (name: string, extra = "") =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
    const body = Buffer.concat([
      Buffer.from(`${head("recipient")}\r\nreply+abc@mg.example.com\r\n`),
      Buffer.from(
        `${head("attachment-1", '; filename="Grandma\x01s story\x7f.m4a"')}Content-Type: audio/mp4\r\n\r\n`,
        "latin1",
      ),
      Buffer.from("the voice memo"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const { form: read, release } = await readInboundForm(
      post(body, { "Content-Type": `multipart/form-data; boundary=${boundary}` }),
    );
    expect(read.get("recipient")).toBe("reply+abc@mg.example.com");
    expect(read.get("attachment-1")).toMatchObject({ name: "Grandma s story .m4a", size: 14 });
    expect(Buffer.from(await (read.get("attachment-1") as File).arrayBuffer()).toString()).toBe("the voice memo");
    await release();
  });

  it("still reads a urlencoded post", async () => {
    const { form: read } = await readInboundForm(
      post("recipient=reply%2Babc%40mg.example.com&body-plain=Hello", {
        "Content-Type": "application/x-www-form-urlencoded",
      }),
    );
    expect(read.get("recipient")).toBe("reply+abc@mg.example.com");
  });
});
