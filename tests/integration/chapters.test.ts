// Chapters read from the stored MP3 by real ffprobe, kept in a sidecar, and handed to the pages' players
// with the transcript's estimated line times (decision 0134).
import { describe, expect, it } from "vitest";

import { chaptersKeyFor, episodeChapters } from "~/features/podcasts/listening/chapters.server";
import { deleteOwnedPodcast } from "~/features/podcasts/podcasts.server";
import { getStorage } from "~/lib/storage/storage.server";
import { loader as podcastPage } from "~/routes/_app+/podcast.$id";

import { callRoute, createTestUser, makeRequest } from "../utils/auth";
import { createCompletePodcast, makeChapteredMp3, type EpisodeAudio } from "../utils/listening-helpers";

const FAMILY: EpisodeAudio = {
  seconds: 60,
  chapters: [
    { title: "Ann", start: 0, end: 20 },
    { title: "Bob & “Cy”", start: 20, end: 60 },
  ],
};
const SCRIPT = [
  { speaker: "host1" as const, text: "Welcome to the family stories.", chapter: "Ann" },
  { speaker: "host2" as const, text: "Ann wrote about the lake house and the summers there.", chapter: "Ann" },
  { speaker: "host1" as const, text: "Now Bob.", chapter: "Bob & “Cy”" },
  { speaker: "host2" as const, text: "Bob wrote about the truck.", chapter: "Bob & “Cy”" },
];

async function readSidecar(audioKey: string) {
  const file = await getStorage().read(chaptersKeyFor(audioKey));
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8")) as { audioBytes: number; chapters: unknown };
}

describe("episode chapters", () => {
  it("are read from the MP3 once, then from the sidecar; a remade MP3 is read again", async () => {
    const user = await createTestUser();
    const podcast = await createCompletePodcast(user.id, { title: "Family", audio: FAMILY, script: SCRIPT });
    const key = podcast.audioKey!;
    expect(await readSidecar(key)).toBeNull();

    const chapters = [
      { title: "Ann", start: 0 },
      { title: "Bob & “Cy”", start: 20 },
    ];
    expect(await episodeChapters(key)).toEqual(chapters);
    expect(await readSidecar(key)).toEqual({ audioBytes: podcast.fileSize, chapters });

    // The sidecar is what is read while it matches the MP3 …
    const marked = [{ title: "From the sidecar", start: 1 }];
    await getStorage().put(
      chaptersKeyFor(key),
      Buffer.from(JSON.stringify({ audioBytes: podcast.fileSize, chapters: marked })),
    );
    expect(await episodeChapters(key)).toEqual(marked);
    // … and not once the episode is made again under the same key.
    await getStorage().put(
      key,
      await makeChapteredMp3({ seconds: 30, chapters: [{ title: "Only", start: 0, end: 30 }] }),
    );
    expect(await episodeChapters(key)).toEqual([{ title: "Only", start: 0 }]);

    await deleteOwnedPodcast(user.id, podcast.id);
    expect(await getStorage().size(chaptersKeyFor(key))).toBeNull();
    expect(await episodeChapters(key)).toEqual([]);
  });

  it("an MP3 without chapters has none; a file that is no MP3 has none either, and no error page", async () => {
    const user = await createTestUser();
    const plain = await createCompletePodcast(user.id, { title: "Plain" });
    expect(await episodeChapters(plain.audioKey!)).toEqual([]);
    await getStorage().put("podcasts/broken.mp3", Buffer.from("not audio at all"));
    expect(await episodeChapters("podcasts/broken.mp3")).toEqual([]);
    // Remembered, so ffprobe does not run on every view.
    expect(await readSidecar("podcasts/broken.mp3")).toEqual({ audioBytes: 16, chapters: [] });
  });

  it("the podcast page gets the chapters and transcript lines timed within them", async () => {
    const user = await createTestUser();
    const podcast = await createCompletePodcast(user.id, { title: "Family", audio: FAMILY, script: SCRIPT });
    const response = await callRoute(podcastPage, makeRequest(`/podcast/${podcast.id}`, { cookie: user.cookie }), {
      id: podcast.id,
    });
    expect(response.status).toBe(200);
    const { podcast: loaded } = (await response.json()) as {
      podcast: { chapters: unknown; transcript: Array<{ speaker: string; start: number }> };
    };
    expect(loaded.chapters).toEqual([
      { title: "Ann", start: 0 },
      { title: "Bob & “Cy”", start: 20 },
    ]);
    // Ann's chapter (0-20 s): 5 and 10 words (+2 each for the pause) → 0 and 20·7/19; Bob's (20-60 s): 2 and 5.
    expect(loaded.transcript.map((t) => t.start)).toEqual([0, 7.4, 20, 34.5]);
  });
});
