// Plain HTML with relative links and native <audio>, so the archive opens from a USB stick with no server and no JavaScript.
import { formatDay } from "~/lib/format-date";
import { formatDuration } from "~/lib/text-format";

import { archiveMessages } from "./messages";
import { archivePaths } from "./paths";
import type { ArchiveData, ArchiveEpisode, ArchiveNewsletter, ArchiveStory } from "./schema";

export type SitePage = { path: string; html: string };

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const from = (page: string) => (target: string) => (page.includes("/") ? `../${target}` : target);

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

function layout(page: string, title: string, body: string) {
  const link = from(page);
  const nav =
    page === "index.html"
      ? ""
      : `<header class="site"><nav aria-label="${esc(archiveMessages.siteNav)}"><a href="${link("index.html")}">${esc(archiveMessages.home)}</a></nav></header>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><link rel="stylesheet" href="${link(archivePaths.stylesheet)}"></head>
<body>${nav}
<main>
${body}
</main></body></html>
`;
}

const byline = (story: ArchiveStory) => archiveMessages.by(story.contributorName || archiveMessages.anonymous);
const storyTitle = (story: ArchiveStory) => story.title || byline(story);
const section = (title: string, items: string[], empty = "") =>
  items.length || empty
    ? `<section aria-label="${esc(title)}"><h2>${esc(title)}</h2>\n${items.length ? list(items) : `<p>${esc(empty)}</p>`}</section>`
    : "";
const list = (items: string[]) => (items.length ? `<ul>\n${items.map((i) => `<li>${i}</li>`).join("\n")}\n</ul>` : "");

function audioBlock(link: (t: string) => string, file: string, download: string) {
  return `<audio controls preload="none" src="${link(file)}">${esc(archiveMessages.noAudioSupport)} <a href="${link(file)}">${esc(file.split("/").pop()!)}</a></audio>
<p><a href="${link(file)}" download>${esc(download)}</a></p>`;
}

function indexPage(data: ArchiveData) {
  const page = "index.html";
  const link = from(page);
  const title = archiveMessages.siteTitle(data.owner.name);
  const body = `<h1>${esc(title)}</h1>
<p class="meta">${esc(archiveMessages.exportedOn(formatDay(data.exportedAt)))}</p>
${
  data.book
    ? `<section aria-label="${esc(archiveMessages.book)}"><h2>${esc(archiveMessages.book)}</h2>
<p>${esc(archiveMessages.bookNote(formatDay(data.book.madeAt), data.book.pageCount))}</p>
<p><a class="keepsake" href="${link(data.book.file)}">${esc(archiveMessages.bookLink)}</a></p></section>`
    : ""
}
${section(
  archiveMessages.collections,
  data.collections.map(
    (c) =>
      `<a href="${link(c.page)}">${esc(c.title)}</a> <span class="meta">(${c.storyIds.length} ${esc(archiveMessages.stories.toLowerCase())})</span>`,
  ),
)}
${section(
  archiveMessages.episodes,
  data.episodes.map((e) => `<a href="${link(e.page)}">${esc(e.title)}</a>`),
)}
${section(
  archiveMessages.newsletters,
  data.newsletters.map(
    (n) =>
      `<a href="${link(n.page)}">${esc(n.title)}</a> <span class="meta">${esc(archiveMessages.edition(n.edition))}</span>`,
  ),
)}
<p class="meta"><a href="${link("data.json")}">data.json</a> · <a href="${link("data.schema.json")}">data.schema.json</a><br>${esc(archiveMessages.dataNote)}</p>`;
  return { path: page, html: layout(page, title, body) };
}

function collectionPage(data: ArchiveData, collection: ArchiveData["collections"][number]) {
  const link = from(collection.page);
  const stories = data.stories.filter((s) => s.collectionId === collection.id);
  const episodes = data.episodes.filter((e) => e.collectionId === collection.id);
  const newsletters = data.newsletters.filter((n) => n.collectionId === collection.id);
  const body = `<h1>${esc(collection.title)}</h1>
${collection.description ? `<p>${esc(collection.description)}</p>` : ""}
<p class="meta">${esc(collection.prompt)}</p>
${section(
  archiveMessages.stories,
  stories.map(
    (s) =>
      `<a href="${link(s.page)}">${esc(storyTitle(s))}</a> <span class="meta">${s.title ? `${esc(byline(s))} · ` : ""}${esc(formatDay(s.submittedAt))}</span>`,
  ),
  archiveMessages.noStories,
)}
${section(
  archiveMessages.episodes,
  episodes.map((e) => `<a href="${link(e.page)}">${esc(e.title)}</a>`),
)}
${section(
  archiveMessages.newsletters,
  newsletters.map((n) => `<a href="${link(n.page)}">${esc(n.title)}</a>`),
)}`;
  return {
    path: collection.page,
    html: layout(collection.page, collection.title, body),
  };
}

function storyPage(data: ArchiveData, story: ArchiveStory) {
  const link = from(story.page);
  const collection = data.collections.find((c) => c.id === story.collectionId);
  const title = storyTitle(story);
  const recording = story.recording;
  const body = `${collection ? `<p><a href="${link(collection.page)}">${esc(archiveMessages.backTo(collection.title))}</a></p>` : ""}
<h1>${esc(title)}</h1>
<p class="meta">${story.title ? `${esc(byline(story))} · ` : ""}${esc(formatDay(story.submittedAt))}</p>
<div class="story">
${paragraphs(story.text)}
</div>
${story.photos.map((p) => `<figure><a href="${link(p.file)}"><img src="${link(p.file)}" alt="${esc(p.fileName)}"></a></figure>`).join("\n")}
${story.documents?.length ? `<h2>${esc(archiveMessages.documents)}</h2>\n<ul>${story.documents.map((d) => `<li><a href="${link(d.file)}" download>${esc(d.fileName)}</a></li>`).join("")}</ul>` : ""}
${
  recording
    ? `<h2>${esc(archiveMessages.recording)}</h2>
${audioBlock(link, recording.file, archiveMessages.downloadRecording)}
${recording.original ? `<p><a href="${link(recording.original.file)}" download>${esc(archiveMessages.original)}</a></p>` : ""}
${recording.transcript ? `<h3>${esc(archiveMessages.recordingTranscript)}</h3>\n${paragraphs(recording.transcript)}` : ""}`
    : ""
}`;
  return { path: story.page, html: layout(story.page, title, body) };
}

function episodePage(data: ArchiveData, episode: ArchiveEpisode) {
  const link = from(episode.page);
  const collection = data.collections.find((c) => c.id === episode.collectionId);
  // A link to "file.mp3#t=90" opens the browser's own player at that minute: chapters without JavaScript.
  const chapters = episode.chapters.map(
    (c) =>
      `<a href="${link(episode.audio)}#t=${Math.floor(c.start)}">${esc(formatDuration(c.start))} ${esc(c.title)}</a>`,
  );
  const body = `${collection ? `<p><a href="${link(collection.page)}">${esc(archiveMessages.backTo(collection.title))}</a></p>` : ""}
<h1>${esc(episode.title)}</h1>
${episode.description ? `<p>${esc(episode.description)}</p>` : ""}
<p class="meta">${episode.durationSeconds ? esc(formatDuration(episode.durationSeconds)) : ""}${
    episode.completedAt ? ` · ${esc(formatDay(episode.completedAt))}` : ""
  }</p>
${audioBlock(link, episode.audio, archiveMessages.downloadMp3)}
${chapters.length ? `<h2>${esc(archiveMessages.chapters)}</h2>\n<ol>\n${chapters.map((c) => `<li>${c}</li>`).join("\n")}\n</ol>` : ""}
${episode.transcript ? `<h2>${esc(archiveMessages.transcript)}</h2>\n<pre>${esc(episode.transcript)}</pre>` : ""}
${episode.transcriptFile ? `<p><a href="${link(episode.transcriptFile)}">${esc(archiveMessages.transcriptFile)}</a></p>` : ""}`;
  return {
    path: episode.page,
    html: layout(episode.page, episode.title, body),
  };
}

function newsletterPage(data: ArchiveData, newsletter: ArchiveNewsletter) {
  const link = from(newsletter.page);
  const photos = new Map(data.stories.flatMap((s) => s.photos.map((p) => [p.id, p] as const)));
  const episode = data.episodes.find((e) => e.id === newsletter.episodeId);
  const items = newsletter.stories.map((item) => {
    const story = data.stories.find((s) => s.id === item.storyId);
    const images = item.photoIds.map((id) => photos.get(id)).filter((p) => p !== undefined);
    return `<article><h2>${story ? `<a href="${link(story.page)}">${esc(item.title)}</a>` : esc(item.title)}</h2>
${item.author ? `<p class="meta">${esc(archiveMessages.by(item.author))}</p>` : ""}
${paragraphs(item.text)}
${images.map((p) => `<img src="${link(p.file)}" alt="${esc(p.fileName)}">`).join("\n")}</article>`;
  });
  const body = `<h1>${esc(newsletter.title)}</h1>
${newsletter.subtitle ? `<p>${esc(newsletter.subtitle)}</p>` : ""}
<p class="meta">${esc(archiveMessages.edition(newsletter.edition))}${newsletter.publishedAt ? ` · ${esc(formatDay(newsletter.publishedAt))}` : ""}</p>
${newsletter.cover ? `<img src="${link(newsletter.cover)}" alt="">` : ""}
${episode ? `<p><a href="${link(episode.page)}">${esc(archiveMessages.listen)}: ${esc(episode.title)}</a></p>` : ""}
${items.join("\n")}`;
  return {
    path: newsletter.page,
    html: layout(newsletter.page, newsletter.title, body),
  };
}

export function renderSite(data: ArchiveData): SitePage[] {
  return [
    indexPage(data),
    ...data.collections.map((c) => collectionPage(data, c)),
    ...data.stories.map((s) => storyPage(data, s)),
    ...data.episodes.map((e) => episodePage(data, e)),
    ...data.newsletters.map((n) => newsletterPage(data, n)),
  ];
}
