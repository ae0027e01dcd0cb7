import type { ActionFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { answerPodcastErrors } from "~/features/podcasts/api.server";
import { createStoryFromUpload } from "~/features/podcasts/stories.server";
import { readStoryUpload } from "~/features/podcasts/wizard/story-upload.server";
import { requireMethod } from "~/lib/http.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const story = await answerPodcastErrors(async () => createStoryFromUpload(user.id, await readStoryUpload(request)));
  return Response.json({ storyId: story.id, storyTitle: story.title }, { status: 201 });
}
