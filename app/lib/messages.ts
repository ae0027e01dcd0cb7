export const PRODUCT_NAME = "Storyhearth";
export const PRODUCT_DESCRIPTION =
  "Families gather their stories by e-mail, voice and photo, and turn them into narrated podcasts and newsletters.";

export const errorMessages = {
  notFound: "404 Page Not Found",
  unexpected: "Something went wrong on our side. We have been told about it; please try again.",
} as const;
