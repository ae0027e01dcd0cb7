// The strings of a podcast's actions menu (edit, add to a collection, transcript, delete), kept apart
// from the list's so pages that only list podcasts do not load them.
export const podcastActionMessages = {
  menu: {
    editDetails: "Edit Details", // spec
    addToCollection: "Add to Collection", // spec
    generateTranscript: "Generate Transcript", // spec
    delete: "Delete", // spec
  },
  edit: {
    heading: "Edit Details",
    titleLabel: "Title",
    descriptionLabel: "Description",
    save: "Save Changes",
    cancel: "Cancel",
    titleRequired: "Please enter a title",
    titleTooLong: "The title can be at most 200 characters",
    descriptionTooLong: "The description can be at most 2,000 characters",
    saved: { title: "Podcast Updated", description: "Your changes were saved." },
  },
  collection: {
    heading: "Add to Collection",
    label: "Story collection",
    none: "No collection",
    save: "Save",
    noCollections: "You have no story collections yet.",
    createOne: "Create a story collection",
    unknown: "Please choose one of your story collections",
    added: (title: string) => ({ title: "Added to Collection", description: `This podcast is now in "${title}".` }),
    removed: { title: "Removed from Collection", description: "This podcast is no longer in a collection." },
  },
  transcript: {
    generated: { title: "Transcript Generated", description: "The transcript was rebuilt from the podcast's script." },
    noScript: {
      title: "Transcript Not Available",
      description: "This podcast has no script yet. A transcript can be made once generation has written the script.",
    },
  },
  remove: {
    heading: "Delete podcast?",
    confirm: (title: string) => `"${title}" and its audio will be deleted. This cannot be undone.`,
    button: "Delete Podcast",
    deleted: (title: string) => ({ title: "Podcast Deleted", description: `"${title}" was deleted.` }),
  },
};
