// The podcast JSON calls over real HTTP against the production build: multipart uploads through
// Express, the job runner in the server process, the real audio engine, and the player's audio.
import { makePdf } from "../utils/podcast-helpers";
import { expect, makeUser, signInAs, test } from "./fixtures";

const story =
  "Every summer we drove to the lake in Grandpa's blue truck. He let us steer on the gravel road. " +
  "At night Grandma read to us by the fire, and we fell asleep before the end of every chapter.";

test("a typed story becomes a two-host episode; the status is read live until the audio plays", async ({
  page,
  user,
}) => {
  // Real speech synthesis and mixing run in the server's worker: far longer than a page test.
  test.setTimeout(150_000);
  await signInAs(page, user);
  const api = page.request;

  const uploaded = await api.post("/api/stories/upload", {
    multipart: { storyTitle: "Summers at the Lake", storyContent: story },
  });
  expect(uploaded.status()).toBe(201);
  const { storyId, storyTitle } = (await uploaded.json()) as { storyId: string; storyTitle: string };
  expect(storyTitle).toBe("Summers at the Lake");

  const generated = await api.post("/api/podcasts/generate", {
    data: {
      storyId,
      voiceConfig: { hostCount: 2, primaryVoice: "female-warm", secondaryVoice: "male-warm" },
      options: { backgroundMusic: "none" },
    },
  });
  expect(generated.status()).toBe(201);
  const { podcastId } = (await generated.json()) as { podcastId: string };

  const seen = new Set<string>();
  let detail: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        detail = (await (await api.get(`/api/podcasts/${podcastId}`)).json()) as Record<string, unknown>;
        seen.add(String(detail.status));
        return detail.status;
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toMatch(/complete|failed/);
  expect(detail.errorMessage ?? null).toBeNull();
  // The stages were really passed through, as the job wrote them.
  expect([...seen]).toContain("voice_processing");
  expect(detail).toMatchObject({
    status: "complete",
    statusLabel: "Complete",
    progress: 100,
    hostLabel: "Two voices",
    scriptSummary: "6 speaker segments",
  });
  // The interviewer (Henry, the second voice) opens; the narrator (Grace) tells the story: each by the voice's name.
  expect(String(detail.transcript)).toMatch(/^Henry: /);
  expect(String(detail.transcript)).toMatch(/^Grace: /m);
  expect(String(detail.transcript)).not.toMatch(/Host [12]:/);
  expect(Number(detail.duration)).toBeGreaterThan(0);

  const audio = await api.get(String(detail.audioUrl));
  expect(audio.status()).toBe(200);
  expect(audio.headers()["content-type"]).toBe("audio/mpeg");
  const bytes = await audio.body();
  expect(bytes.byteLength).toBe(detail.fileSize);

  // The player can seek: a range request answers 206 with exactly those bytes.
  const part = await api.get(String(detail.audioUrl), { headers: { Range: "bytes=0-99" } });
  expect(part.status()).toBe(206);
  expect((await part.body()).equals(bytes.subarray(0, 100))).toBe(true);

  // Another user sees none of it.
  const other = await makeUser();
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await context.newPage();
  await signInAs(otherPage, other);
  expect((await otherPage.request.get(`/api/podcasts/${podcastId}`)).status()).toBe(404);
  expect((await otherPage.request.get(String(detail.audioUrl))).status()).toBe(404);
  expect((await otherPage.request.delete(`/api/podcasts/${podcastId}`)).status()).toBe(404);
  await context.close();
});

test("a PDF upload, and each upload error over real HTTP", async ({ page, user }) => {
  test.setTimeout(60_000);
  await signInAs(page, user);
  const api = page.request;
  const pdf = await api.post("/api/stories/upload", {
    multipart: {
      pdfFile: {
        name: "grandpa.pdf",
        mimeType: "application/pdf",
        buffer: makePdf(["Grandpa kept bees behind the barn."], "Grandpa's Bees"),
      },
    },
  });
  expect(pdf.status()).toBe(201);
  expect(await pdf.json()).toMatchObject({ storyTitle: "Grandpa's Bees" });

  const notPdf = await api.post("/api/stories/upload", {
    multipart: { pdfFile: { name: "story.pdf", mimeType: "application/pdf", buffer: Buffer.from("plain words") } },
  });
  expect(notPdf.status()).toBe(415);
  expect(await notPdf.json()).toMatchObject({ title: "Invalid file type", message: "Please upload a PDF file" });

  const big = Buffer.alloc(21 * 1024 * 1024, 0x20);
  big.write("%PDF-1.4\n", 0, "latin1");
  const tooLarge = await api.post("/api/stories/upload", {
    multipart: { pdfFile: { name: "big.pdf", mimeType: "application/pdf", buffer: big } },
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toMatchObject({ title: "File too large", message: "Maximum file size is 20MB" });

  const nothing = await api.post("/api/stories/upload", { multipart: { storyTitle: "" } });
  expect(nothing.status()).toBe(400);
  expect(await nothing.json()).toMatchObject({
    title: "No file selected",
    message: "Please select a PDF file to upload",
  });
});
