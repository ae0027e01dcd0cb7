import { formatCount } from "~/lib/text-format";

// Labels of the admin lists' search, filter and sort controls (the spec names none of them).
export const listMessages = {
  search: "Search",
  apply: "Apply",
  clear: "Clear",
  sortBy: "Sort by",
  results: (n: number) => `${formatCount(n)} result(s)`,
  noMatches: "Nothing matches this search and these filters.",
  all: "All",
  users: {
    label: "Search users",
    searchHint: "Name or e-mail",
    role: "Role",
    status: "Subscription",
    roles: { all: "All roles", trial: "Trial", user: "User", admin: "Admin" },
    statuses: { all: "All statuses", trial: "Trial", active: "Active", inactive: "Inactive", canceled: "Canceled" },
    sorts: {
      newest: "Newest first",
      oldest: "Oldest first",
      name: "Name (A–Z)",
      email: "E-mail (A–Z)",
      "last-login": "Last login",
    },
  },
  collections: {
    label: "Search collections",
    searchHint: "Title, description or owner",
    state: "Show",
    states: { all: "All collections", active: "Active", inactive: "Inactive", scheduled: "Scheduled" },
    sorts: {
      order: "Delivery order",
      newest: "Newest first",
      oldest: "Oldest first",
      title: "Title (A–Z)",
      stories: "Most stories",
    },
    reorderOff: "Clear the search and filters and sort by delivery order to change the order.",
  },
  testimonials: {
    label: "Search testimonial campaigns",
    searchHint: "Title or description",
    state: "Show",
    states: { all: "All campaigns", active: "Active", inactive: "Inactive" },
    sorts: { newest: "Newest first", oldest: "Oldest first", title: "Title (A–Z)", responses: "Most responses" },
  },
  activity: {
    label: "Search activity",
    searchHint: "Details or user",
    type: "Type",
    types: {
      all: "All types",
      podcast_created: "Podcast created",
      campaign_created: "Collection created",
      user_registered: "User registered",
      story_submitted: "Story submitted",
      account_deleted: "Account deleted",
    },
    sorts: { newest: "Newest first", oldest: "Oldest first" },
  },
  errors: {
    label: "Search errors",
    searchHint: "Type, message or workflow",
    severity: "Severity",
    severities: { all: "All severities", critical: "Critical", high: "High", medium: "Medium", low: "Low" },
    sorts: { newest: "Newest first", oldest: "Oldest first", severity: "Most severe first" },
  },
} as const;
