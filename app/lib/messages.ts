// Strings of the app's frame (header, error pages), shared by every area.
export const PRODUCT_NAME = "Storyhearth";

export const errorMessages = {
  notFound: "404 Page Not Found",
  unexpected: "Something went wrong on our side. We have been told about it; please try again.",
} as const;
