import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { CreateCollectionSchema, scheduledDateToUtc } from "./schemas";
import { campaignListBadgeVariant, campaignStatusLabel, scheduledCampaignBadge } from "./status-badges";

describe("scheduledDateToUtc", () => {
  it("reads the wall time with the browser's offset, or as UTC without one", () => {
    expect(scheduledDateToUtc("2030-01-15T09:30", 300)?.toISOString()).toBe("2030-01-15T14:30:00.000Z");
    expect(scheduledDateToUtc("2030-01-15T09:30", -120)?.toISOString()).toBe("2030-01-15T07:30:00.000Z");
    expect(scheduledDateToUtc("2030-01-15T09:30:15")?.toISOString()).toBe("2030-01-15T09:30:15.000Z");
  });

  it("is undefined for nothing and null for what is not a real date", () => {
    expect(scheduledDateToUtc(undefined)).toBeUndefined();
    expect(scheduledDateToUtc("")).toBeUndefined();
    expect(scheduledDateToUtc("2030-02-30T10:00")).toBeNull();
    expect(scheduledDateToUtc("2030-01-01T24:00")).toBeNull();
    expect(scheduledDateToUtc("tomorrow")).toBeNull();
  });
});

describe("CreateCollectionSchema recipients", () => {
  const parse = (entries: Array<[string, string]>) => {
    const form = new FormData();
    for (const [k, v] of [["title", "T"], ["prompt", "Tell us all about it"], ...entries] as Array<[string, string]>)
      form.append(k, v);
    return parseWithZod(form, { schema: CreateCollectionSchema });
  };

  it("tidies posted chips: non-addresses and repeats are dropped, names kept", () => {
    const submission = parse([
      ["recipients", "A@x.com"],
      ["recipients", "a@x.com"],
      ["recipients", "nobody"],
      ["recipients", "Aunt Rosa <b@x.com>"],
    ]);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.recipients).toEqual([
      { name: null, email: "a@x.com" },
      { name: "Aunt Rosa", email: "b@x.com" },
    ]);
  });

  it("a single chip is a list of one; none is the 'No Recipients' message", () => {
    const one = parse([["recipients", "a@x.com"]]);
    expect(one.status === "success" && one.value.recipients).toEqual([{ name: null, email: "a@x.com" }]);
    expect(parse([]).reply().error?.recipients).toEqual([
      "Please add at least one email address to send invitations to.",
    ]);
  });
});

describe("campaign status labels", () => {
  it("names generating_podcast and capitalizes the rest", () => {
    expect(campaignStatusLabel("generating_podcast")).toBe("Generating Podcast");
    expect(campaignStatusLabel("active")).toBe("Active");
    expect(campaignStatusLabel("scheduled")).toBe("Scheduled");
  });

  it("uses the default badge only for active", () => {
    expect(campaignListBadgeVariant("active")).toBe("default");
    expect(campaignListBadgeVariant("sent")).toBe("secondary");
    expect(campaignListBadgeVariant("whatever")).toBe("secondary");
  });
});

describe("the dashboard's scheduled-collection badge (decision 0121)", () => {
  it("is 'Sent' (default style) once the invitations went out, otherwise 'Pending' or 'Closed'", () => {
    expect(scheduledCampaignBadge({ status: "active", sentDate: "2030-01-02T00:00:00.000Z" })).toEqual({
      label: "Sent",
      variant: "default",
    });
    expect(scheduledCampaignBadge({ status: "sent", sentDate: null })).toEqual({ label: "Sent", variant: "default" });
    expect(scheduledCampaignBadge({ status: "scheduled", sentDate: null })).toEqual({
      label: "Pending",
      variant: "secondary",
    });
    expect(scheduledCampaignBadge({ status: "closed", sentDate: null })).toEqual({
      label: "Closed",
      variant: "secondary",
    });
  });
});
