// The respondent's steps shared by the testimonial specs (local and S3 driver).
import type { Page } from "@playwright/test";

import { expect } from "./fixtures";

/** Step 1: name and e-mail, after checking the frame says "Step 1 of 7". */
export async function aboutYou(page: Page, name: string, email: string) {
  await expect(page.getByRole("heading", { name: "Tell us about yourself" })).toBeVisible();
  await expect(page.getByTestId("flow-progress").getByRole("listitem")).toHaveCount(6);
  await expect(page.getByTestId("flow-step")).toHaveText("Step 1 of 7");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** From the choice of how to answer to "Submit Testimonial", with a video file of 40-odd MB. */
export async function uploadFortyMegabytesAndSubmit(page: Page, file: string) {
  await page.getByText("Upload Video", { exact: true }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Video file").setInputFiles(file);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(/Size: 4\d\.\d\d MB/)).toBeVisible();
  await page.getByRole("button", { name: "Looks Good - Continue" }).click();
  await page.getByLabel(/I agree that my testimonial may be used/).check();
  await page.getByRole("button", { name: "Submit Testimonial" }).click();
}
