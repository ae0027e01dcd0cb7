// Written once: /api/admin/documentation and the guide on /admin/api-keys both read it.

export type EndpointDoc = {
  method: "GET" | "POST";
  path: string;
  summary: string;
  request?: string;
  response: string;
  curl: (origin: string) => string;
};

const auth = `-H "Authorization: Bearer $STORYHEARTH_API_KEY"`;

export const externalApiAuth = {
  summary:
    "Every call carries an API key created by an administrator on /admin/api-keys: send it as `Authorization: Bearer <key>` (or in an `X-API-Key` header). Keys start with `shk_`. Each call counts towards the key's usage limit and sets its last-used time.",
  errors: [
    {
      status: 401,
      meaning: "No key, an unknown key, or a key that is inactive, deactivated or expired (the message says which).",
    },
    { status: 403, meaning: "The key's owner no longer exists, or the owner's podcast limit is reached." },
    { status: 429, meaning: "The key has reached its usage limit." },
    { status: 400, meaning: "The body is not valid JSON or a field is missing or wrong; `message` names the problem." },
    { status: 404, meaning: "No such podcast for this key's account." },
  ],
  ownership:
    "A key acts for the administrator who created it: podcasts it generates belong to that account, count against that account's podcast limit, and the key sees only that account's podcasts.",
};

export const externalEndpoints: EndpointDoc[] = [
  {
    method: "POST",
    path: "/api/external/generate-podcast",
    summary:
      "Stores the story and starts generating its podcast. Generation runs in the background; poll the status call.",
    request: `{
  "title": "Summers at the Lake",          // required, up to 200 characters
  "content": "Every July we drove north…",  // required, the story text
  "voiceConfig": {                          // optional
    "hostCount": 1,                         // 1 or 2
    "primaryVoice": "female-warm", "primaryAccent": "american", "primarySpeed": 1,
    "secondaryVoice": "male-warm", "secondaryAccent": "american", "secondarySpeed": 1
  },
  "options": {                              // optional
    "backgroundMusic": "none", "introOutro": "standard", "processingQuality": "standard"
  }
}`,
    response: `202 Accepted
{ "podcastId": "…", "storyId": "…", "status": "queued", "statusLabel": "In queue", "progress": 5,
  "statusUrl": "/api/external/podcast-status/…", "downloadUrl": "/api/external/download/…" }`,
    curl: (origin) =>
      `curl -X POST ${origin}/api/external/generate-podcast \\
  ${auth} \\
  -H "Content-Type: application/json" \\
  -d '{"title":"Summers at the Lake","content":"Every July we drove north to the lake…"}'`,
  },
  {
    method: "GET",
    path: "/api/external/podcast-status/{id}",
    summary:
      "The podcast's generation status: queued → script_generation → voice_processing → audio_processing → complete | failed.",
    response: `{ "id": "…", "title": "…", "status": "complete", "statusLabel": "Complete", "progress": 100,
  "errorMessage": null, "duration": 185, "fileSize": 2960000, "createdAt": "…", "completedAt": "…",
  "downloadUrl": "/api/external/download/…" }`,
    curl: (origin) => `curl ${origin}/api/external/podcast-status/PODCAST_ID \\\n  ${auth}`,
  },
  {
    method: "GET",
    path: "/api/external/download/{id}",
    summary: "The finished MP3 (audio/mpeg). Range requests are supported. 409 while the podcast is not complete.",
    response: "200 OK (or 206 Partial Content for a Range request), Content-Type: audio/mpeg",
    curl: (origin) => `curl -o podcast.mp3 ${origin}/api/external/download/PODCAST_ID \\\n  ${auth}`,
  },
  {
    method: "GET",
    path: "/api/external/podcasts",
    summary: "The account's podcasts, newest first (up to 100).",
    response: `[ { "id": "…", "title": "…", "status": "complete", "statusLabel": "Complete", "progress": 100,
    "duration": 185, "createdAt": "…", "statusUrl": "…", "downloadUrl": "…" } ]`,
    curl: (origin) => `curl ${origin}/api/external/podcasts \\\n  ${auth}`,
  },
];
