import type { ToastInput } from "~/lib/toast.server";

export const dashboardMessages = {
  dashboard: {
    pageTitle: "Dashboard",
    heading: "Family Memories Dashboard",
    subheading: "Preserve and share your family's stories through podcasts",
    loading: "Loading your dashboard...",
    newCollection: "New Collection",
    manage: "Manage",
    recentPodcasts: "Recent Family Podcasts",
    noPodcasts: "Create Your First Podcast",
    recentSubmissions: "Recent Story Submissions",
    noSubmissions: "Start Collecting Stories",
    scheduled: "Scheduled Story Collections",
    noScheduled: "Schedule Your First Collection",
    viewDetails: "View Details",
    anonymous: "Anonymous Contributor",
    firstRun: {
      heading: "Start with one question",
      text: "Storyhearth gathers your relatives' stories by e-mail and turns them into a podcast and a family newsletter.",
      steps: [
        'Create a story collection: one question, such as "What did Grandpa cook on Sundays?"',
        "Add your relatives' e-mail addresses. They answer by replying, or through a simple form, with no account.",
        "When their stories arrive, make a podcast episode and send the family newsletter.",
      ],
      start: "Create your first story collection",
      orPodcast: "Or make a podcast from a story you already have",
    },
  },
  manage: {
    pageTitle: "Manage Story Collections",
    backToDashboard: "Back to Dashboard",
    configureWorkflows: "Configure Workflows",
    newCollection: "New Collection",
    empty: "No Story Collections Yet",
    createFirst: "Create Your First Collection",
    loading: "Loading your collections...",
    viewStories: "View Stories",
    createPodcast: "Create Podcast",
    notScheduled: "Not scheduled",
  },
  toast: {
    reordered: {
      title: "Collections reordered",
      description: "Delivery dates have been recalculated based on the new order",
    },
    reorderFailed: {
      title: "Error",
      description: "Failed to reorder collections. Please try again.",
      variant: "destructive",
    },
    workflowSaved: { title: "Workflow settings updated successfully." },
  },
  api: {
    collectionNotFound: "Collection not found",
    notExactList: "The list must name each of your collections exactly once",
    notOnPage: "The list must name exactly the collections on that page",
    invalidPeriod: "period must be one of 7d, 30d, 90d",
    perCollectionUnsupported: "Only the global workflow settings (collectionId null) can be saved here",
  },
} as const satisfies {
  toast: Record<string, ToastInput>;
  [k: string]: unknown;
};
