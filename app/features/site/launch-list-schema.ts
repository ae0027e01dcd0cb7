import { z } from "zod";

import { landingMessages } from "./landing-messages";

export const LaunchListSchema = z.object({
  email: z
    .string({ error: landingMessages.signup.emailRequired })
    .trim()
    .min(1, { error: landingMessages.signup.emailRequired })
    .max(254, { error: landingMessages.signup.emailInvalid })
    .pipe(z.email({ error: landingMessages.signup.emailInvalid })),
});
