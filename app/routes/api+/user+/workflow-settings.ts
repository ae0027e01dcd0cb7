import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/features/account/auth.server";
import { dashboardMessages } from "~/features/collections/dashboard-messages";
import { workflowInputFromJson, WorkflowJsonSchema } from "~/features/collections/workflow-settings";
import { readBody, requireMethod } from "~/lib/http.server";
import { getWorkflowSettings, saveWorkflowSettings, type WorkflowSettings } from "~/models/workflow.server";

// The body and its rules: docs/decisions/0104-dashboard-period-and-workflow-settings.md
const toJson = (s: WorkflowSettings) => ({
  collectionId: null,
  collectionWorkflow: s.collection,
  distributionWorkflow: s.distribution,
  updatedAt: s.savedAt,
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(toJson(getWorkflowSettings(user.id)));
}

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const user = await requireApiUser(request);
  const body = await readBody(request, WorkflowJsonSchema);
  const saved = saveWorkflowSettings(user.id, workflowInputFromJson(body));
  return Response.json({ message: dashboardMessages.toast.workflowSaved.title, ...toJson(saved) });
}
