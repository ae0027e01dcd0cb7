// Strings marked "spec" are the spec's exact words; the rest fill gaps it leaves open.
export const libraryMessages = {
  list: {
    heading: "My Podcasts",
    searchPlaceholder: "Search podcasts...", // spec
    searchLabel: "Search podcasts",
    searchButton: "Search",
    tryAgain: "Try again",
    create: "Create New Podcast", // spec
    filter: "Filter", // spec
    applyFilter: "Apply",
    processing: "Processing...", // spec
    failed: "Failed",
    saved: "Saved",
    noPodcasts: "You haven't created any podcasts yet.", // spec
    noMatches: "No podcasts match your search.", // spec
    loadFailed: "Failed to load podcasts. Please try again later.", // spec
    otherStories: "Other stories",
    emptyTab: {
      recent: "No podcasts were created in the last 30 days.",
      "most-listened": "No podcasts to rank yet.",
      collections: "No podcasts yet.",
      all: "No podcasts match your search.", // spec
    },
    listens: (n: number) => `${n} ${n === 1 ? "listen" : "listens"}`,
    play: (title: string) => `Play ${title}`,
    menu: (title: string) => `Actions for ${title}`,
  },
  recent: {
    heading: "Your Recent Podcasts", // spec
    viewAll: "View All", // spec
  },
};
