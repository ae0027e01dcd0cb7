export const externalApiMessages = {
  keyRequired: "API key required. Send it as 'Authorization: Bearer <key>' or in the X-API-Key header.",
  invalidKey: "Invalid API key",
  deactivated: "This API key has been deactivated",
  inactive: "This API key is inactive",
  expired: "This API key has expired",
  usageLimit: "This API key has reached its usage limit",
  noOwner: "This API key has no owner any more; create a new key",
  podcastNotFound: "Podcast not found",
  notReady: "The podcast is not ready yet",
  audioMissing: "The podcast's audio file is missing",
  generateFailed: "Failed to start podcast generation",
} as const;
