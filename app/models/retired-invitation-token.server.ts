// Invitation tokens replaced because stored e-mail held them (decision 0190).
import { campaigns, contributions, emptyReplies, invitations, oneTimeSteps, retiredInvitationTokens } from "#db/schema";
import { and, asc, eq, gt, inArray } from "drizzle-orm";

import { db } from "~/lib/db.server";

export function getRetiredToken(token: string) {
  if (!token) return undefined;
  return db
    .select({
      invitation: invitations,
      campaign: campaigns,
      retiredAt: retiredInvitationTokens.retiredAt,
    })
    .from(retiredInvitationTokens)
    .innerJoin(invitations, eq(invitations.id, retiredInvitationTokens.invitationId))
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .where(eq(retiredInvitationTokens.token, token))
    .get();
}

export function replaceInvitationToken(invitationId: string, oldToken: string, newToken: string, at: Date) {
  return db.transaction((tx) => {
    const changed = tx
      .update(invitations)
      .set({ token: newToken })
      .where(and(eq(invitations.id, invitationId), eq(invitations.token, oldToken)))
      .run().changes;
    if (changed !== 1) return false;
    tx.insert(retiredInvitationTokens).values({ invitationId, token: oldToken, retiredAt: at }).run();
    return true;
  });
}

export function invitationsWithTokens(tokens: string[]) {
  const found: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < tokens.length; i += 500) {
    found.push(
      ...db
        .select({ id: invitations.id, token: invitations.token })
        .from(invitations)
        .where(inArray(invitations.token, tokens.slice(i, i + 500)))
        .all(),
    );
  }
  return found;
}

const PAGE = 500;

export function* storedEmailTexts(): Generator<string> {
  for (let after = ""; ;) {
    const rows = db
      .select({
        id: contributions.id,
        text: contributions.storyContent,
        original: contributions.originalStoryContent,
      })
      .from(contributions)
      .where(gt(contributions.id, after))
      .orderBy(asc(contributions.id))
      .limit(PAGE)
      .all();
    for (const row of rows) {
      yield row.text;
      if (row.original) yield row.original;
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  for (let after = ""; ;) {
    const rows = db
      .select({ id: emptyReplies.id, text: emptyReplies.content })
      .from(emptyReplies)
      .where(gt(emptyReplies.id, after))
      .orderBy(asc(emptyReplies.id))
      .limit(PAGE)
      .all();
    for (const row of rows) yield row.text;
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
}

export const oneTimeStepDone = (name: string) =>
  db.select({ name: oneTimeSteps.name }).from(oneTimeSteps).where(eq(oneTimeSteps.name, name)).get() !== undefined;

export const recordOneTimeStep = (name: string, at: Date) =>
  db.insert(oneTimeSteps).values({ name, doneAt: at }).onConflictDoNothing().run().changes === 1;
