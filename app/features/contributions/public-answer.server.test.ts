import { describe, expect, it } from "vitest";

import { storyMessages } from "./messages";
import { readAnswerForm, saveAnswerOnce } from "./public-answer.server";

const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe("saveAnswerOnce", () => {
  it("saves an answer sent twice with one key once, also when the tries overlap", async () => {
    const k = key();
    let saves = 0;
    let finish!: () => void;
    const slow = () => new Promise<void>((resolve) => (finish = resolve)).then(() => void saves++);
    const first = saveAnswerOnce(k, slow);
    const second = saveAnswerOnce(k, async () => void saves++);
    finish();
    await Promise.all([first, second]);
    await saveAnswerOnce(k, async () => void saves++);
    expect(saves).toBe(1);
  });

  it("lets a later try save when the first one failed", async () => {
    const k = key();
    await expect(saveAnswerOnce(k, () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    let saved = false;
    await saveAnswerOnce(k, async () => void (saved = true));
    expect(saved).toBe(true);
  });

  it("always saves a try without a valid key", async () => {
    let saves = 0;
    for (const k of [null, "", "short", "has spaces in it, far too odd", 42])
      await saveAnswerOnce(k, async () => void saves++);
    await saveAnswerOnce(null, async () => void saves++);
    expect(saves).toBe(6);
  });
});

describe("readAnswerForm over the recording cap", () => {
  const MB = 1024 * 1024;
  const BOUNDARY = "answer-form-test";
  const text = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    text("contributorName", "Cousin Ann") +
    text("contributorEmail", "ann@example.com") +
    text("storyContent", "We sang on the porch.") +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="recording"; filename="memo.m4a"\r\nContent-Type: audio/mp4\r\n\r\n`;

  function answer(declared: boolean) {
    const recording = 60 * MB;
    const tail = `\r\n--${BOUNDARY}--\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode(head)),
      pull(controller) {
        if (sent >= recording) {
          controller.enqueue(new TextEncoder().encode(tail));
          return controller.close();
        }
        controller.enqueue(new Uint8Array(MB));
        sent += MB;
      },
    });
    const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
    if (declared) headers["Content-Length"] = String(Buffer.byteLength(head) + recording + tail.length);
    return new Request("http://localhost/contribute/abc", {
      method: "POST",
      headers,
      body,
      duplex: "half",
    } as RequestInit);
  }

  for (const declared of [true, false]) {
    it(`refuses the recording and keeps what was typed (${declared ? "with Content-Length" : "chunked"})`, async () => {
      const { formData, file, tooLarge } = await readAnswerForm(answer(declared));
      expect(tooLarge).toBe(storyMessages.recording.tooLarge);
      expect(file).toBeNull();
      expect(Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string"))).toEqual({
        contributorName: "Cousin Ann",
        contributorEmail: "ann@example.com",
        storyContent: "We sang on the porch.",
      });
      expect(formData.get("recording")).toBeInstanceOf(File);
    });
  }
});
