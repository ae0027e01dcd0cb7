import { z } from "zod";
import { landingMessages } from "./landing-messages";

const s = landingMessages.signup;

export const LaunchListSchema = z.object({
  email: z
    .string({ error: s.emailRequired })
    .trim()
    .min(1, { error: s.emailRequired })
    .max(254, { error: s.emailInvalid })
    .pipe(z.email({ error: s.emailInvalid })),
});
