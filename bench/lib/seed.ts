// Bulk test data for benchmarks: one transaction, one prepared statement per table, plain SQL so
// that 50,000 rows take about a second.
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";

export type SeedSize = { collections: number; stories: number; invitesPerCollection: number; podcasts: number };

const STORY = "We drove to the lake every summer, and Grandma packed sandwiches that were warm by noon. "
  .repeat(4)
  .trim();
const DAY_MS = 86_400_000;

/** Collections, invitations, stories and podcasts for one owner; returns the collection ids. */
export function seedOwnerData(sqlite: Database.Database, ownerId: string, size: SeedSize, now = Date.now()): string[] {
  const insertCampaign = sqlite.prepare(
    `insert into campaigns (id, owner_id, public_id, title, description, prompt, status, scheduled_date, sent_date, sort_order, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertInvitation = sqlite.prepare(
    `insert into invitations (id, campaign_id, email, token, status, created_at) values (?, ?, ?, ?, 'sent', ?)`,
  );
  const insertStory = sqlite.prepare(
    `insert into contributions (id, campaign_id, contributor_name, contributor_email, story_content, submission_method, word_count, submitted_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPodcast = sqlite.prepare(
    `insert into podcasts (id, owner_id, title, status, duration, listens, created_at, updated_at) values (?, ?, ?, 'complete', ?, ?, ?, ?)`,
  );
  const statuses = ["active", "sent", "pending", "collecting", "closed", "scheduled"];
  const ids: string[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < size.collections; i++) {
      const id = randomUUID();
      ids.push(id);
      const created = now - (size.collections - i) * 3_600_000;
      const scheduled = i % 10 === 0 ? now + (i - size.collections / 2) * DAY_MS : null;
      insertCampaign.run(
        id,
        ownerId,
        randomUUID(),
        `Collection ${i + 1}`,
        `Stories about summer number ${i + 1}`,
        "What do you remember about our summers?",
        statuses[i % statuses.length],
        scheduled,
        i % 3 === 0 ? created : null,
        0,
        created,
        created,
      );
      for (let j = 0; j < size.invitesPerCollection; j++) {
        insertInvitation.run(randomUUID(), id, `relative${j}.c${i}@example.com`, randomUUID(), created);
      }
    }
    for (let k = 0; k < size.stories; k++) {
      const campaignId = ids[k % ids.length]!;
      insertStory.run(
        randomUUID(),
        campaignId,
        `Relative ${k % 97}`,
        `relative${k % 97}@example.com`,
        STORY,
        k % 2 ? "email" : "web",
        64,
        now - (k % 365) * DAY_MS - k,
      );
    }
    for (let p = 0; p < size.podcasts; p++) {
      const created = now - p * DAY_MS;
      insertPodcast.run(randomUUID(), ownerId, `Family podcast ${p + 1}`, 300 + p, p % 50, created, created);
    }
  })();
  return ids;
}
