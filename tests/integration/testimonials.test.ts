import fs from "node:fs";
import path from "node:path";
import { testimonialCampaigns, testimonialResponses } from "#db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { listTestimonialResponses } from "~/features/testimonials/campaigns.server";
import { CHUNK_BYTES, chunkCount, chunkRange, makeUploadId } from "~/features/testimonials/upload-limits";
import { jobHandlers, jobSchedules } from "~/jobs/index.server";
import { db } from "~/lib/db.server";
import { action as flowAction, loader as flowLoader } from "~/routes/_public+/testimonials.$publicId";
import { loader as draftVideoLoader } from "~/routes/_public+/testimonials.$publicId.draft-video";
import { action as pageAction, loader as pageLoader } from "~/routes/admin+/testimonials";
import { action as listAction, loader as listLoader } from "~/routes/api+/admin+/testimonials";
import { action as campaignAction, loader as campaignLoader } from "~/routes/api+/admin+/testimonials.$id";
import { loader as responsesLoader } from "~/routes/api+/admin+/testimonials.$id.responses";
import { loader as videoLoader } from "~/routes/api+/admin+/testimonials.$id.responses.$responseId.video";
import { loader as publicLoader } from "~/routes/api+/testimonials+/$publicId";
import { action as directUploadAction } from "~/routes/api+/testimonials+/public.$publicId.direct-upload";
import { action as submitAction } from "~/routes/api+/testimonials+/public.$publicId.submit";
import { action as submitChunkedAction } from "~/routes/api+/testimonials+/public.$publicId.submit-chunked";
import { action as chunkAction } from "~/routes/api+/testimonials+/public.$publicId.upload-chunk";
import { loader as statusLoader } from "~/routes/api+/testimonials+/public.$publicId.upload-status";

import { createTestAdmin } from "../utils/admin-helpers";
import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import {
  fileBlob,
  makeLargeVideo,
  makeSmallVideo,
  makeTaggedMedia,
  makeTestimonialCampaign,
  mediaHash,
  mediaTags,
  multipartRequest,
  TAGGED_LOCATION,
} from "../utils/testimonial-helpers";

const dataDir = () => path.resolve(process.env.DATA_DIR!);
const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

function submissionForm(video: Blob | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("respondentName", "Rita Respondent");
  form.set("respondentEmail", "rita@example.com");
  form.set("responses", JSON.stringify([{ questionIndex: 0, question: "ignored", response: "Loved it" }]));
  form.set("consentGiven", "true");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (video) form.set("video", video, "clip.webm");
  return form;
}

/**
 * One chunk, its fields first as the browser client sends them (the server writes it straight into
 * the video); `fileFirst` puts the file part first (the server keeps it aside until the fields come).
 */
async function postChunk(
  publicId: string,
  fields: { uploadId: string; chunkIndex: number; totalChunks: number; fileName?: string },
  bytes: Blob,
  { fileFirst = false } = {},
) {
  const form = new FormData();
  if (fileFirst) form.set("chunk", bytes, fields.fileName ?? "video.mkv");
  form.set("chunkIndex", String(fields.chunkIndex));
  form.set("totalChunks", String(fields.totalChunks));
  form.set("uploadId", fields.uploadId);
  form.set("fileName", fields.fileName ?? "video.mkv");
  if (!fileFirst) form.set("chunk", bytes, fields.fileName ?? "video.mkv");
  return callRoute(chunkAction, multipartRequest(`/api/testimonials/public/${publicId}/upload-chunk`, form), {
    publicId,
  });
}

const incomingFiles = () => {
  const dir = path.join(dataDir(), "uploads", ".incoming");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe("admin calls", () => {
  it("answer 401 signed out and 403 for an ordinary user", async () => {
    const user = await createTestUser();
    const campaign = makeTestimonialCampaign();
    expect((await callRoute(listLoader, makeRequest("/api/admin/testimonials"))).status).toBe(401);
    expect((await callRoute(listLoader, makeRequest("/api/admin/testimonials", { cookie: user.cookie }))).status).toBe(
      403,
    );
    expect(
      (
        await callRoute(
          listAction,
          makeRequest("/api/admin/testimonials", { cookie: user.cookie, json: { title: "x", questions: ["q"] } }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callRoute(
          campaignAction,
          makeRequest(`/api/admin/testimonials/${campaign.id}`, { method: "DELETE", cookie: user.cookie }),
          { id: campaign.id },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callRoute(responsesLoader, makeRequest(`/api/admin/testimonials/${campaign.id}/responses`), {
          id: campaign.id,
        })
      ).status,
    ).toBe(401);
    // The page shows the not-allowed view (a 403 for its ErrorBoundary).
    expect((await callRoute(pageLoader, makeRequest("/admin/testimonials", { cookie: user.cookie }))).status).toBe(403);
  });

  it("create, list, toggle and delete campaigns; questions are validated", async () => {
    const admin = await createTestAdmin();
    const post = (body: unknown) =>
      callRoute(listAction, makeRequest("/api/admin/testimonials", { cookie: admin.cookie, json: body }));

    const blankTitle = await post({ title: "   ", questions: ["Why?"] });
    expect(blankTitle.status).toBe(400);
    expect((await json(blankTitle)).message).toBe("Title is required");
    expect((await post({ title: "T", questions: ["  ", { question: "" }] })).status).toBe(400);
    expect((await post({ title: "T", questions: [] })).status).toBe(400);
    expect((await post({ title: "T", questions: ["1", "2", "3", "4", "5", "6"] })).status).toBe(400);

    const created = await post({
      title: " Launch stories ",
      description: "",
      questions: ["", { question: "How was it?", helperText: " Be honest " }, "Old style question"],
      allowTextResponses: false,
    });
    expect(created.status).toBe(201);
    const campaign = await json<{
      id: string;
      publicId: string;
      title: string;
      questions: unknown;
      isActive: boolean;
      allowTextResponses: boolean;
      description: null;
    }>(created);
    expect(campaign).toMatchObject({
      title: "Launch stories",
      description: null,
      isActive: true,
      allowTextResponses: false,
      questions: [
        { question: "How was it?", helperText: "Be honest" },
        { question: "Old style question", helperText: null },
      ],
    });
    expect(campaign.publicId).toMatch(/^[\w-]{20,}$/);

    const list = await json<Array<{ id: string; responseCount: number }>>(
      await callRoute(listLoader, makeRequest("/api/admin/testimonials", { cookie: admin.cookie })),
    );
    expect(list.find((c) => c.id === campaign.id)?.responseCount).toBe(0);

    const put = await callRoute(
      campaignAction,
      makeRequest(`/api/admin/testimonials/${campaign.id}`, {
        method: "PUT",
        cookie: admin.cookie,
        json: { ...campaign, isActive: false },
      }),
      { id: campaign.id },
    );
    expect(put.status).toBe(200);
    expect((await json(put)).isActive).toBe(false);

    const missing = await callRoute(
      campaignAction,
      makeRequest("/api/admin/testimonials/nope", { method: "PUT", cookie: admin.cookie, json: { isActive: true } }),
      { id: "nope" },
    );
    expect(missing.status).toBe(404);

    expect(
      (
        await callRoute(
          campaignAction,
          makeRequest(`/api/admin/testimonials/${campaign.id}`, { method: "DELETE", cookie: admin.cookie }),
          { id: campaign.id },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await callRoute(
          campaignLoader,
          makeRequest(`/api/admin/testimonials/${campaign.id}`, { cookie: admin.cookie }),
          { id: campaign.id },
        )
      ).status,
    ).toBe(404);
  });

  it("the admin page creates (blank questions dropped), toggles and deletes", async () => {
    const admin = await createTestAdmin();
    const post = (form: Record<string, string>) =>
      callRoute(pageAction, makeRequest("/admin/testimonials", { cookie: admin.cookie, form }));

    const invalid = await post({ intent: "create", title: " ", "questions[0].question": " " });
    expect(invalid.status).toBe(400);
    const reply = await json<{ result: { error: Record<string, string[]> } }>(invalid);
    expect(reply.result.error.title).toEqual(["Title is required"]);
    expect(reply.result.error.questions).toEqual(["Add at least one question"]);

    // Add Question without JavaScript: the form comes back with one more row.
    const added = await post({
      intent: "create",
      title: "X",
      "questions[0].question": "One",
      __intent__: JSON.stringify({ type: "insert", payload: { name: "questions" } }),
    });
    expect(added.status).toBe(200);

    const title = `Page campaign ${Date.now()}`;
    const created = await post({
      intent: "create",
      title,
      "questions[0].question": "First?",
      "questions[0].helperText": "Hint",
      "questions[1].question": "  ",
      isActive: "on",
    });
    expect(created.status).toBe(302);
    const row = db.select().from(testimonialCampaigns).where(eq(testimonialCampaigns.title, title)).get()!;
    expect(row.questions).toEqual([{ question: "First?", helperText: "Hint" }]);
    expect(row.isActive).toBe(true);
    expect(row.allowTextResponses).toBe(false);

    expect((await post({ intent: "toggle", id: row.id })).status).toBe(302);
    expect(db.select().from(testimonialCampaigns).where(eq(testimonialCampaigns.id, row.id)).get()!.isActive).toBe(
      false,
    );
    expect((await post({ intent: "toggle", id: "missing" })).status).toBe(404);
    expect((await post({ intent: "delete", id: row.id })).status).toBe(302);
    expect(db.select().from(testimonialCampaigns).where(eq(testimonialCampaigns.id, row.id)).get()).toBeUndefined();

    const page = await callRoute(
      pageLoader,
      makeRequest("/admin/testimonials?responses=missing", { cookie: admin.cookie }),
    );
    expect(page.status).toBe(404);
  });
});

describe("public campaign", () => {
  it("answers 404 for an unknown id, and tells active from inactive", async () => {
    expect((await callRoute(publicLoader, makeRequest("/api/testimonials/nope"), { publicId: "nope" })).status).toBe(
      404,
    );
    expect((await callRoute(flowLoader, makeRequest("/testimonials/nope"), { publicId: "nope" })).status).toBe(404);

    const active = makeTestimonialCampaign();
    const body = await json<{
      isActive: boolean;
      questions: Array<{ question: string; helperText: string }>;
      id?: string;
    }>(
      await callRoute(publicLoader, makeRequest(`/api/testimonials/${active.publicId}`), { publicId: active.publicId }),
    );
    expect(body.isActive).toBe(true);
    expect(body.id).toBeUndefined();
    expect(body.questions).toEqual([
      { question: "What did you like most?", helperText: "A moment that stood out" },
      { question: "Would you recommend us?", helperText: "Share your authentic experience and thoughts" },
    ]);

    const inactive = makeTestimonialCampaign({ isActive: false });
    expect(
      (
        await json(
          await callRoute(publicLoader, makeRequest(`/api/testimonials/${inactive.publicId}`), {
            publicId: inactive.publicId,
          }),
        )
      ).isActive,
    ).toBe(false);
  });
});

describe("standard submit", () => {
  it("stores a real video with consent time, text answers and the measured duration", async () => {
    const campaign = makeTestimonialCampaign();
    const video = makeSmallVideo();
    const before = Date.now();
    const response = await callRoute(
      submitAction,
      multipartRequest(`/api/testimonials/public/${campaign.publicId}/submit`, submissionForm(await fileBlob(video))),
      { publicId: campaign.publicId },
    );
    expect(response.status).toBe(201);
    expect((await json(response)).message).toBe("Thank you!");

    const [row] = listTestimonialResponses(campaign.id);
    expect(row).toMatchObject({
      respondentName: "Rita Respondent",
      respondentEmail: "rita@example.com",
      consentGiven: true,
      videoMimeType: "video/webm",
      responses: [{ questionIndex: 0, question: "What did you like most?", response: "Loved it" }],
    });
    expect(row!.consentTimestamp.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.videoDuration).toBeGreaterThan(1.5);
    expect(row!.videoDuration).toBeLessThan(2.5);
    const stored = path.join(dataDir(), row!.videoKey!);
    expect(row!.videoSize).toBe(fs.statSync(stored).size);
    expect(mediaHash(stored)).toBe(mediaHash(video));
    expect(incomingFiles()).toEqual([]);
  });

  it("keeps the picture and sound of a phone's video but not its GPS position, device or dates (decision 0165)", async () => {
    const campaign = makeTestimonialCampaign();
    const video = makeTaggedMedia();
    expect(mediaTags(video)).toContain(TAGGED_LOCATION);
    const response = await callRoute(
      submitAction,
      multipartRequest(
        `/api/testimonials/public/${campaign.publicId}/submit`,
        submissionForm(await fileBlob(video, "video/mp4")),
      ),
      { publicId: campaign.publicId },
    );
    expect(response.status).toBe(201);
    const [row] = listTestimonialResponses(campaign.id);
    const stored = path.join(dataDir(), row!.videoKey!);
    expect(row).toMatchObject({ videoMimeType: "video/mp4", videoSize: fs.statSync(stored).size });
    expect(mediaHash(stored)).toBe(mediaHash(video));
    const storedBytes = fs.readFileSync(stored);
    // MP4 keeps the position in a binary 'loci' box (QuickTime files in a text '©xyz' one).
    expect(fs.readFileSync(video).includes("loci")).toBe(true);
    expect([storedBytes.includes("loci"), storedBytes.includes(Buffer.from("\u00a9xyz", "latin1"))]).toEqual([
      false,
      false,
    ]);
    expect(mediaTags(stored)).not.toMatch(/location|creation_time|make|2024/);

    // Served to the administrator: the same stripped bytes.
    const admin = await createTestAdmin();
    const served = await callRoute(videoLoader, makeRequest(`/x`, { cookie: admin.cookie }), {
      id: campaign.id,
      responseId: row!.id,
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(storedBytes)).toBe(true);
  });

  it("requires consent and a valid e-mail, and leaves no file behind", async () => {
    const campaign = makeTestimonialCampaign();
    const blob = await fileBlob(makeSmallVideo());
    const noConsent = await callRoute(
      submitAction,
      multipartRequest(`/x`, submissionForm(blob, { consentGiven: "false" })),
      { publicId: campaign.publicId },
    );
    expect(noConsent.status).toBe(400);
    expect((await json(noConsent)).message).toBe("Please give your consent to submit your testimonial.");
    const badEmail = await callRoute(
      submitAction,
      multipartRequest(`/x`, submissionForm(blob, { respondentEmail: "rita@example" })),
      { publicId: campaign.publicId },
    );
    expect(badEmail.status).toBe(400);
    expect((await json(badEmail)).message).toBe("Please enter a valid email address");
    expect(listTestimonialResponses(campaign.id)).toEqual([]);
    expect(incomingFiles()).toEqual([]);
  });

  it("stores the questions answered on video in the campaign's wording, and refuses a bad list", async () => {
    const campaign = makeTestimonialCampaign({ allowTextResponses: false });
    const blob = await fileBlob(makeSmallVideo());
    const bad = await callRoute(
      submitAction,
      multipartRequest(`/x`, submissionForm(blob, { selectedQuestions: "[0,1,2]" })),
      { publicId: campaign.publicId },
    );
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("selectedQuestions must be a JSON list of at most 2 question indices");
    // Index 4 is not one of this campaign's questions: dropped, not stored.
    const ok = await callRoute(
      submitAction,
      multipartRequest(`/x`, submissionForm(blob, { selectedQuestions: "[1,4]" })),
      { publicId: campaign.publicId },
    );
    expect(ok.status).toBe(201);
    const [row] = listTestimonialResponses(campaign.id);
    expect(row!.selectedQuestions).toEqual([{ questionIndex: 1, question: "Would you recommend us?" }]);

    const admin = await createTestAdmin();
    const listed = await callRoute(
      responsesLoader,
      makeRequest(`/api/admin/testimonials/${campaign.id}/responses`, { cookie: admin.cookie }),
      { id: campaign.id },
    );
    expect(JSON.stringify(await json(listed))).toContain(
      '"selectedQuestions":[{"questionIndex":1,"question":"Would you recommend us?"}]',
    );
  });

  it("refuses a file that is not a video (ffprobe) and deletes it", async () => {
    const campaign = makeTestimonialCampaign();
    const text = new Blob(["this is not a video at all ".repeat(1000)], { type: "video/webm" });
    const response = await callRoute(submitAction, multipartRequest(`/x`, submissionForm(text)), {
      publicId: campaign.publicId,
    });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("The uploaded file is not a playable video");
    expect(listTestimonialResponses(campaign.id)).toEqual([]);
    expect(incomingFiles()).toEqual([]);
  });

  it("answers 413 past 500 MB, while streaming and from Content-Length", async () => {
    const campaign = makeTestimonialCampaign();
    const boundary = "----storyhearth413";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="consentGiven"\r\n\r\ntrue\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.webm"\r\nContent-Type: video/webm\r\n\r\n`;
    const total = 700 * 1024 * 1024;
    const block = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(block);
        sent += block.length;
      },
    });
    const request = new Request("http://localhost/x", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const streamed = await callRoute(submitAction, request, { publicId: campaign.publicId });
    expect(streamed.status).toBe(413);
    // Reading stopped soon after the limit, and the half-written file is gone.
    expect(sent).toBeLessThan(600 * 1024 * 1024);
    expect(incomingFiles()).toEqual([]);

    const declared = new Request("http://localhost/x", {
      method: "POST",
      body: "x",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(600 * 1024 * 1024),
      },
    });
    expect((await callRoute(submitAction, declared, { publicId: campaign.publicId })).status).toBe(413);
  });

  it("refuses everything for an inactive campaign (403 'Campaign Inactive')", async () => {
    const campaign = makeTestimonialCampaign({ isActive: false });
    const blob = await fileBlob(makeSmallVideo());
    const submit = await callRoute(submitAction, multipartRequest(`/x`, submissionForm(blob)), {
      publicId: campaign.publicId,
    });
    expect(submit.status).toBe(403);
    expect(await json(submit)).toEqual({
      message: "This testimonial campaign is currently not accepting submissions.",
      title: "Campaign Inactive",
    });
    expect(
      (await postChunk(campaign.publicId, { uploadId: makeUploadId(), chunkIndex: 0, totalChunks: 1 }, blob)).status,
    ).toBe(403);
    const chunked = await callRoute(
      submitChunkedAction,
      makeRequest("/x", {
        json: { respondentName: "R", respondentEmail: "r@example.com", consentGiven: true, uploadId: makeUploadId() },
      }),
      { publicId: campaign.publicId },
    );
    expect(chunked.status).toBe(403);
    const page = await callRoute(
      flowAction,
      makeRequest("/x", { form: { intent: "about", respondentName: "R", respondentEmail: "r@example.com" } }),
      { publicId: campaign.publicId },
    );
    expect(page.status).toBe(403);
    expect(listTestimonialResponses(campaign.id)).toEqual([]);
  });
});

describe("chunked upload", () => {
  it("with the local driver the video comes to the server: a direct upload is declined (decision 0145)", async () => {
    const campaign = makeTestimonialCampaign();
    const start = await callRoute(
      directUploadAction,
      makeRequest(`/api/testimonials/public/${campaign.publicId}/direct-upload`, {
        json: { intent: "start", fileName: "clip.mkv", size: 40 * 1024 * 1024, type: "video/x-matroska" },
      }),
      { publicId: campaign.publicId },
    );
    expect(start.status).toBe(200);
    expect(await json(start)).toEqual({ mode: "server" });
  });

  it("assembles 100 MB sent in 15 MB chunks, one sent twice, one lost then resent, one too long, to the identical frames", async () => {
    const campaign = makeTestimonialCampaign();
    const file = makeLargeVideo(100);
    const size = fs.statSync(file).size;
    const whole = await fileBlob(file, "video/x-matroska");
    const total = chunkCount(size);
    expect(total).toBe(7);
    const uploadId = makeUploadId();
    const send = (i: number, options: { fileFirst?: boolean } = {}) => {
      const { start, end } = chunkRange(i, size);
      return postChunk(
        campaign.publicId,
        { uploadId, chunkIndex: i, totalChunks: total },
        whole.slice(start, end),
        options,
      );
    };
    const expectPending = async (answer: Response) => {
      expect(answer.status).toBe(200);
      expect((await json(answer)).allChunksReceived).toBe(false);
    };

    await expectPending(await send(1));
    // Too long for its place: refused, and not one byte lands in chunk 1's place after it.
    const tooLong = await postChunk(
      campaign.publicId,
      { uploadId, chunkIndex: 0, totalChunks: total },
      new Blob([new Uint8Array(CHUNK_BYTES + 5000).fill(9)]),
    );
    expect(tooLong.status).toBe(413);
    // The last chunk sent with extra bytes first, then as it is: the video ends where the last copy does.
    const lastRange = chunkRange(total - 1, size);
    await expectPending(
      await postChunk(
        campaign.publicId,
        { uploadId, chunkIndex: total - 1, totalChunks: total },
        new Blob([whole.slice(lastRange.start, lastRange.end), new Uint8Array(4096)]),
      ),
    );
    for (const i of [0, 2, 2, 5, 6]) await expectPending(await send(i));
    // A file part before its fields waits aside, then goes to its place.
    await expectPending(await send(4, { fileFirst: true }));
    const status = await json<{ receivedChunks: number[]; missingChunks: number[] }>(
      await callRoute(statusLoader, makeRequest(`/x?uploadId=${uploadId}`), { publicId: campaign.publicId }),
    );
    expect(status.receivedChunks).toEqual([0, 1, 2, 4, 5, 6]);
    expect(status.missingChunks).toEqual([3]);

    const last = await json<{ allChunksReceived: boolean; videoPath: string; videoSize: number; mimeType: string }>(
      await send(3),
    );
    expect(last).toMatchObject({
      allChunksReceived: true,
      mimeType: "video/x-matroska",
      videoPath: `uploads/${uploadId}/video`,
    });
    // Assembled, then rewritten without its metadata (decision 0165): the same frames, its own size.
    expect(last.videoSize).toBe(fs.statSync(path.join(dataDir(), last.videoPath)).size);
    expect(Math.abs(last.videoSize - size)).toBeLessThan(size / 100);
    // A late duplicate after assembly changes nothing.
    expect((await json(await send(6))).allChunksReceived).toBe(true);

    const submitted = await callRoute(
      submitChunkedAction,
      makeRequest("/x", {
        json: {
          respondentName: "Chunky",
          respondentEmail: "chunky@example.com",
          responses: JSON.stringify([{ questionIndex: 1, question: "Would you recommend us?", response: "Yes" }]),
          consentGiven: true,
          consentTimestamp: new Date(Date.now() - 60_000).toISOString(),
          uploadId,
          videoPath: last.videoPath,
          videoData: null,
          videoSize: 1,
          videoMimeType: "text/html",
        },
      }),
      { publicId: campaign.publicId },
    );
    expect(submitted.status).toBe(201);
    const [row] = listTestimonialResponses(campaign.id);
    expect(row).toMatchObject({
      respondentName: "Chunky",
      videoSize: last.videoSize,
      videoMimeType: "video/x-matroska",
      responses: [{ questionIndex: 1, question: "Would you recommend us?", response: "Yes" }],
    });
    expect(Date.now() - row!.consentTimestamp.getTime()).toBeGreaterThan(50_000);
    expect(row!.videoKey).toMatch(/\.mkv$/);
    expect(mediaHash(path.join(dataDir(), row!.videoKey!))).toBe(mediaHash(file));
    // The upload's folder is gone, and the same upload cannot be submitted twice.
    expect(fs.existsSync(path.join(dataDir(), "uploads", uploadId))).toBe(false);
    const again = await callRoute(
      submitChunkedAction,
      makeRequest("/x", {
        json: { respondentName: "C", respondentEmail: "c@example.com", consentGiven: true, uploadId },
      }),
      { publicId: campaign.publicId },
    );
    expect(again.status).toBe(404);
  }, 60_000);

  it("refuses path tricks, bad indexes and wrong sizes", async () => {
    const campaign = makeTestimonialCampaign();
    const small = new Blob([new Uint8Array(1000)]);
    const tries: Array<[Parameters<typeof postChunk>[1], number]> = [
      [{ uploadId: "../../../etc", chunkIndex: 0, totalChunks: 1 }, 400],
      [{ uploadId: "abc/def/ghi", chunkIndex: 0, totalChunks: 1 }, 400],
      [{ uploadId: makeUploadId(), chunkIndex: 0, totalChunks: 1, fileName: "../../x.webm" }, 400],
      [{ uploadId: makeUploadId(), chunkIndex: 0, totalChunks: 1, fileName: "a\\b.webm" }, 400],
      [{ uploadId: makeUploadId(), chunkIndex: 1, totalChunks: 1 }, 400],
      [{ uploadId: makeUploadId(), chunkIndex: -1, totalChunks: 1 }, 400],
      [{ uploadId: makeUploadId(), chunkIndex: 0, totalChunks: 35 }, 400],
      // Every chunk but the last must be exactly 15 MB.
      [{ uploadId: makeUploadId(), chunkIndex: 0, totalChunks: 2 }, 400],
    ];
    for (const fileFirst of [true, false]) {
      for (const [fields, status] of tries)
        expect((await postChunk(campaign.publicId, fields, small, { fileFirst })).status).toBe(status);
    }
    // Nothing escaped the uploads folder, and nothing refused counts as received.
    const uploads = path.join(dataDir(), "uploads");
    const folders = fs.readdirSync(uploads).filter((n) => n !== ".incoming");
    expect(folders.filter((n) => !/^up_[0-9a-f]{32}$/.test(n))).toEqual([]);
    for (const name of folders) {
      expect(fs.readdirSync(path.join(uploads, name)).filter((n) => /^\d+$/.test(n))).toEqual([]);
    }
    expect(
      (await callRoute(statusLoader, makeRequest("/x?uploadId=..%2F..%2Fetc"), { publicId: campaign.publicId })).status,
    ).toBe(400);
    expect(
      (await callRoute(statusLoader, makeRequest(`/x?uploadId=${makeUploadId()}`), { publicId: campaign.publicId }))
        .status,
    ).toBe(404);
    const tooBigId = makeUploadId();
    const tooBig = await postChunk(
      campaign.publicId,
      { uploadId: tooBigId, chunkIndex: 0, totalChunks: 2 },
      new Blob([new Uint8Array(CHUNK_BYTES + 1)]),
    );
    expect(tooBig.status).toBe(413);
    const afterTooBig = await json<{ receivedChunks: number[] }>(
      await callRoute(statusLoader, makeRequest(`/x?uploadId=${tooBigId}`), { publicId: campaign.publicId }),
    );
    expect(afterTooBig.receivedChunks).toEqual([]);
    expect(incomingFiles()).toEqual([]);

    // An upload id belongs to one campaign and one chunk count.
    const other = makeTestimonialCampaign();
    const uploadId = makeUploadId();
    expect((await postChunk(campaign.publicId, { uploadId, chunkIndex: 1, totalChunks: 2 }, small)).status).toBe(200);
    expect((await postChunk(other.publicId, { uploadId, chunkIndex: 1, totalChunks: 2 }, small)).status).toBe(409);
    expect((await postChunk(campaign.publicId, { uploadId, chunkIndex: 2, totalChunks: 3 }, small)).status).toBe(409);
    expect(
      (await callRoute(statusLoader, makeRequest(`/x?uploadId=${uploadId}`), { publicId: other.publicId })).status,
    ).toBe(404);
  });

  it("a submission cut off after storing the video, or after its row, is completed by the retry, once", async () => {
    const campaign = makeTestimonialCampaign();
    const video = makeSmallVideo();
    const submit = (uploadId: string) =>
      callRoute(
        submitChunkedAction,
        makeRequest("/x", {
          json: { respondentName: "Retry", respondentEmail: "retry@example.com", consentGiven: true, uploadId },
        }),
        { publicId: campaign.publicId },
      );
    const upload = async () => {
      const uploadId = makeUploadId();
      expect(
        (await postChunk(campaign.publicId, { uploadId, chunkIndex: 0, totalChunks: 1 }, await fileBlob(video))).status,
      ).toBe(200);
      const manifest = JSON.parse(
        fs.readFileSync(path.join(dataDir(), "uploads", uploadId, "manifest.json"), "utf8"),
      ) as { responseId: string };
      return { uploadId, responseId: manifest.responseId };
    };

    // Killed after the video moved into the store, before its row: the video is where the retry puts it.
    const first = await upload();
    const key = `testimonials/${campaign.id}/${first.responseId}.webm`;
    fs.mkdirSync(path.join(dataDir(), path.dirname(key)), { recursive: true });
    fs.renameSync(path.join(dataDir(), "uploads", first.uploadId, "video"), path.join(dataDir(), key));
    const retried = await submit(first.uploadId);
    expect(retried.status).toBe(201);
    expect((await json(retried)).id).toBe(first.responseId);

    // Killed after the row, before the upload was forgotten: the retry answers the same response.
    const second = await upload();
    expect((await submit(second.uploadId)).status).toBe(201);
    fs.mkdirSync(path.join(dataDir(), "uploads", second.uploadId));
    fs.writeFileSync(
      path.join(dataDir(), "uploads", second.uploadId, "manifest.json"),
      JSON.stringify({
        campaignId: campaign.id,
        totalChunks: 1,
        fileName: "video.mkv",
        createdAt: Date.now(),
        responseId: second.responseId,
      }),
    );
    fs.writeFileSync(
      path.join(dataDir(), "uploads", second.uploadId, "result.json"),
      JSON.stringify({
        videoPath: `uploads/${second.uploadId}/video`,
        videoSize: 1,
        mimeType: "video/webm",
        duration: 2,
        fileName: "video.mkv",
      }),
    );
    const again = await submit(second.uploadId);
    expect(again.status).toBe(201);
    expect((await json(again)).id).toBe(second.responseId);

    const rows = listTestimonialResponses(campaign.id);
    expect(rows.map((r) => r.id).sort()).toEqual([first.responseId, second.responseId].sort());
    for (const row of rows) expect(mediaHash(path.join(dataDir(), row.videoKey!))).toBe(mediaHash(video));
    expect(fs.existsSync(path.join(dataDir(), "uploads", first.uploadId))).toBe(false);
    expect(fs.existsSync(path.join(dataDir(), "uploads", second.uploadId))).toBe(false);
  });

  it("refuses an assembled file that is not a video and deletes the upload", async () => {
    const campaign = makeTestimonialCampaign();
    const uploadId = makeUploadId();
    const answer = await postChunk(
      campaign.publicId,
      { uploadId, chunkIndex: 0, totalChunks: 1, fileName: "notes.webm" },
      new Blob(["plain text, not a video"]),
    );
    expect(answer.status).toBe(400);
    expect((await json(answer)).message).toBe("The uploaded file is not a playable video");
    expect(fs.existsSync(path.join(dataDir(), "uploads", uploadId))).toBe(false);
    const submit = await callRoute(
      submitChunkedAction,
      makeRequest("/x", {
        json: { respondentName: "R", respondentEmail: "r@example.com", consentGiven: true, uploadId },
      }),
      { publicId: campaign.publicId },
    );
    expect(submit.status).toBe(404);
  });

  it("cleans up uploads and drafts untouched for 24 hours (the clean-uploads job, daily)", async () => {
    expect(jobSchedules.some((s) => s.type === "clean-uploads")).toBe(true);
    const uploads = path.join(dataDir(), "uploads");
    const old = path.join(uploads, makeUploadId());
    const fresh = path.join(uploads, makeUploadId());
    const oldDraft = path.join(dataDir(), "testimonial-drafts", "d".repeat(32));
    for (const dir of [old, fresh, oldDraft]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, "0"), "x");
    }
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    for (const target of [old, path.join(old, "0"), oldDraft, path.join(oldDraft, "0")])
      fs.utimesSync(target, dayAgo, dayAgo);
    await jobHandlers["clean-uploads"]!({}, {} as never);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(oldDraft)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});

describe("admin video route", () => {
  it("streams with Range (206), answers HEAD with X-Video-Duration, and offers a download", async () => {
    const admin = await createTestAdmin();
    const user = await createTestUser();
    const campaign = makeTestimonialCampaign();
    const video = makeSmallVideo();
    await callRoute(submitAction, multipartRequest(`/x`, submissionForm(await fileBlob(video))), {
      publicId: campaign.publicId,
    });
    const [row] = listTestimonialResponses(campaign.id);
    // Pretend the duration was never measured: the route measures it from the file.
    db.update(testimonialResponses).set({ videoDuration: null }).where(eq(testimonialResponses.id, row!.id)).run();

    const list = await json<Array<{ videoUrl: string; adminVideoUrl: string; consentTimestamp: string }>>(
      await callRoute(
        responsesLoader,
        makeRequest(`/api/admin/testimonials/${campaign.id}/responses`, { cookie: admin.cookie }),
        { id: campaign.id },
      ),
    );
    expect(list[0]!.videoUrl).toBe(`/api/admin/testimonials/${campaign.id}/responses/${row!.id}/video`);
    expect(list[0]!.adminVideoUrl).toBe(`${list[0]!.videoUrl}?download=true`);
    expect(list[0]!.consentTimestamp).toBe(row!.consentTimestamp.toISOString());

    const params = { id: campaign.id, responseId: row!.id };
    const stored = path.join(dataDir(), row!.videoKey!);
    const size = fs.statSync(stored).size;
    const ranged = await callRoute(
      videoLoader,
      makeRequest(list[0]!.videoUrl, { cookie: admin.cookie, headers: { Range: "bytes=0-99" } }),
      params,
    );
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe(`bytes 0-99/${size}`);
    expect(ranged.headers.get("Accept-Ranges")).toBe("bytes");
    expect(ranged.headers.get("Content-Type")).toBe("video/webm");
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(fs.readFileSync(stored).subarray(0, 100));

    const head = await callRoute(
      videoLoader,
      makeRequest(list[0]!.videoUrl, { method: "HEAD", cookie: admin.cookie }),
      params,
    );
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("X-Video-Duration"))).toBeCloseTo(2, 0);
    expect(Number(head.headers.get("Content-Length"))).toBe(size);
    expect(listTestimonialResponses(campaign.id)[0]!.videoDuration).toBeCloseTo(2, 0);

    const full = await callRoute(
      videoLoader,
      makeRequest(`${list[0]!.videoUrl}?download=true`, { cookie: admin.cookie }),
      params,
    );
    expect(full.status).toBe(200);
    expect(full.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="testimonial-Rita-Respondent\.webm"$/,
    );
    expect((await full.arrayBuffer()).byteLength).toBe(size);

    expect(
      (
        await callRoute(
          videoLoader,
          makeRequest(list[0]!.videoUrl, { cookie: admin.cookie, headers: { Range: `bytes=${size}-` } }),
          params,
        )
      ).status,
    ).toBe(416);
    expect((await callRoute(videoLoader, makeRequest(list[0]!.videoUrl), params)).status).toBe(401);
    expect((await callRoute(videoLoader, makeRequest(list[0]!.videoUrl, { cookie: user.cookie }), params)).status).toBe(
      403,
    );
    const other = makeTestimonialCampaign();
    expect(
      (await callRoute(videoLoader, makeRequest("/x", { cookie: admin.cookie }), { id: other.id, responseId: row!.id }))
        .status,
    ).toBe(404);

    // Deleting the campaign deletes the video file too.
    await callRoute(
      campaignAction,
      makeRequest(`/api/admin/testimonials/${campaign.id}`, { method: "DELETE", cookie: admin.cookie }),
      { id: campaign.id },
    );
    expect(fs.existsSync(path.join(dataDir(), row!.videoKey!))).toBe(false);
  });
});

describe("the page without JavaScript", () => {
  type Reply = {
    draftId: string;
    state: { step: number | string; video: { size: number } | null };
    errors?: Record<string, string[]>;
  };
  const post = async (publicId: string, fields: Record<string, string>, file?: Blob) => {
    let request: Request;
    if (file) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set("video", file, "phone-video.webm");
      request = multipartRequest(`/testimonials/${publicId}`, form);
    } else {
      request = makeRequest(`/testimonials/${publicId}`, { form: fields });
    }
    const response = await callRoute(flowAction, request, { publicId });
    return { status: response.status, body: await json<Reply>(response) };
  };

  it("walks every step with a server-side draft and stores the response", async () => {
    const campaign = makeTestimonialCampaign();
    const p = campaign.publicId;
    const bad = await post(p, { intent: "about", respondentName: "Nora", respondentEmail: "nora@example" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.respondentEmail).toEqual(["Please enter a valid email address"]);
    const draftId = bad.body.draftId;

    expect(
      (await post(p, { intent: "about", draftId, respondentName: "Nora", respondentEmail: "nora@example.com" })).body
        .state.step,
    ).toBe(2);
    expect((await post(p, { intent: "method", draftId, method: "upload" })).body.state.step).toBe(3);
    const missing = await post(p, { intent: "video", draftId });
    expect(missing.body.errors?.video).toEqual(["Please select a video to continue."]);
    const notVideo = await post(p, { intent: "video", draftId }, new Blob(["nope"]));
    expect(notVideo.body.errors?.video).toEqual(["Please select a video file."]);
    const uploaded = await post(p, { intent: "video", draftId }, await fileBlob(makeSmallVideo()));
    expect(uploaded.body.state.step).toBe(4);
    expect(uploaded.body.state.video?.size).toBe(fs.statSync(makeSmallVideo()).size);

    const preview = await callRoute(
      draftVideoLoader,
      makeRequest(`/testimonials/${p}/draft-video?draft=${draftId}`, { headers: { Range: "bytes=0-9" } }),
      { publicId: p },
    );
    expect(preview.status).toBe(206);
    expect(
      (
        await callRoute(draftVideoLoader, makeRequest(`/testimonials/${p}/draft-video?draft=${"x".repeat(32)}`), {
          publicId: p,
        })
      ).status,
    ).toBe(404);

    expect(
      (await post(p, { intent: "thoughts", draftId, "response-0": "", "response-1": "Absolutely" })).body.state.step,
    ).toBe(5);
    expect((await post(p, { intent: "review-ok", draftId })).body.state.step).toBe(6);
    const noConsent = await post(p, { intent: "submit", draftId });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors?.consentGiven).toEqual(["Please give your consent to submit your testimonial."]);
    const done = await post(p, { intent: "submit", draftId, consentGiven: "on" });
    expect(done.body.state.step).toBe(7);

    const [row] = listTestimonialResponses(campaign.id);
    expect(row).toMatchObject({
      respondentName: "Nora",
      respondentEmail: "nora@example.com",
      responses: [{ questionIndex: 1, question: "Would you recommend us?", response: "Absolutely" }],
    });
    expect(mediaHash(path.join(dataDir(), row!.videoKey!))).toBe(mediaHash(makeSmallVideo()));

    const another = await post(p, { intent: "another", draftId });
    expect(another.body.state).toMatchObject({ step: 2, video: null });
  });

  it("recording with the phone's camera app asks for one or two questions and stores them", async () => {
    const campaign = makeTestimonialCampaign({
      allowTextResponses: false,
      questions: [{ question: "First?" }, { question: "Second?" }, { question: "Third?" }],
    });
    const p = campaign.publicId;
    const draftId = (await post(p, { intent: "about", respondentName: "Cam", respondentEmail: "cam@example.com" })).body
      .draftId;
    expect((await post(p, { intent: "method", draftId, method: "record" })).body.state.step).toBe(3);
    const video = () => fileBlob(makeSmallVideo());
    const none = await post(p, { intent: "video", draftId }, await video());
    expect(none.status).toBe(400);
    expect(none.body.errors?.selectedQuestions).toEqual(["Choose one or two questions to answer in your video."]);
    const three = await post(
      p,
      { intent: "video", draftId, "selected-0": "on", "selected-1": "on", "selected-2": "on" },
      await video(),
    );
    expect(three.body.errors?.selectedQuestions).toEqual(["Choose one or two questions to answer in your video."]);
    const two = await post(p, { intent: "video", draftId, "selected-0": "on", "selected-2": "on" }, await video());
    expect(two.body.state).toMatchObject({ step: 5, selectedQuestions: [0, 2] });
    await post(p, { intent: "review-ok", draftId });
    expect((await post(p, { intent: "submit", draftId, consentGiven: "on" })).body.state.step).toBe(7);
    const [row] = listTestimonialResponses(campaign.id);
    expect(row!.selectedQuestions).toEqual([
      { questionIndex: 0, question: "First?" },
      { questionIndex: 2, question: "Third?" },
    ]);
  });

  it("starts over when the draft is unknown", async () => {
    const campaign = makeTestimonialCampaign();
    const reply = await post(campaign.publicId, { intent: "method", draftId: "y".repeat(32), method: "upload" });
    expect(reply.status).toBe(400);
    expect(reply.body.state.step).toBe(1);
  });
});
