// A family's files named by hashes, for its account's erasure (decision 0212), computed with the functions that name them.
import type { FamilyRows } from "~/models/account-erasure.server";

import { collectionCoverText, coverTextOf, familyFeedCoverText, generatedCoverKey } from "./covers/covers.server";
import { sharedPronunciationSampleKeys } from "./script/pronunciations.server";

const text = (value: unknown) => (typeof value === "string" ? value : null);

export function hashedFamilyFiles({ rows }: FamilyRows): string[] {
  const familyName = text(rows.get("users")?.[0]?.last_name);
  const collections = new Map((rows.get("campaigns") ?? []).map((c) => [c.id, text(c.title) ?? ""]));
  const covers = [
    ...(rows.get("podcasts") ?? []).map((p) =>
      coverTextOf(text(p.title) ?? "", collections.get(p.campaign_id) ?? null, familyName),
    ),
    ...[...collections.values()].map((title) => collectionCoverText(title, familyName)),
    familyFeedCoverText(familyName),
  ].map(generatedCoverKey);
  const samples = (rows.get("pronunciations") ?? []).flatMap((p) =>
    sharedPronunciationSampleKeys(text(p.say_as) ?? ""),
  );
  return [...new Set([...covers, ...samples])];
}
