import { z } from "zod";

import { messages } from "~/features/account/messages";

const v = messages.validation;

export const PASSWORD_MIN = 8;

const email = z.email({ error: v.email }).trim().max(254, { error: v.email });
const newPassword = z.string({ error: v.passwordMin }).min(PASSWORD_MIN, { error: v.passwordMin }).max(200);

const matchesConfirmation = {
  check: (data: { newPassword: string; confirmPassword: string }) => data.newPassword === data.confirmPassword,
  params: { error: v.passwordsDontMatch, path: ["confirmPassword"] },
};
const confirmPassword = z.string({ error: v.confirmRequired }).min(1, { error: v.confirmRequired });

export const LoginSchema = z.object({
  email,
  password: z.string({ error: v.passwordRequired }).min(1, { error: v.passwordRequired }).max(200),
  redirectTo: z.string().optional(),
});

export const RegisterSchema = z.object({
  email,
  password: newPassword,
  firstName: z.string().trim().min(1, { error: v.firstNameRequired }).max(100).optional(),
  lastName: z.string().trim().min(1, { error: v.lastNameRequired }).max(100).optional(),
});

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: v.currentPasswordRequired })
      .min(1, { error: v.currentPasswordRequired })
      .max(200),
    newPassword,
    confirmPassword,
  })
  .refine(matchesConfirmation.check, matchesConfirmation.params);

export const ResetRequestSchema = z.object({ email });

export const ResetConfirmSchema = z
  .object({
    token: z.string({ error: messages.reset.invalidLink.description }).min(1),
    newPassword,
    confirmPassword,
  })
  .refine(matchesConfirmation.check, matchesConfirmation.params);

export const DeleteAccountSchema = z.object({
  confirmation: z
    .string({ error: messages.deleteAccount.confirmationRequired })
    .trim()
    .min(1, { error: messages.deleteAccount.confirmationRequired })
    .max(254),
  password: z.string({ error: v.passwordRequired }).min(1, { error: v.passwordRequired }).max(200),
});
