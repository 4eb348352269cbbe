import { z } from 'zod';
import { passwordSchema } from './auth-password.ts';
import { emailSchema } from './common.ts';
import { MSG } from './messages.ts';

/** Password reset by email (docs/decisions/116-password-reset.md, docs/product-rules.md#accounts). */
export const PASSWORD_RESET_MESSAGES = {
  /** The answer to every accepted request, whether or not the email has an account. */
  linkSent: 'If an account exists for that email, we have sent a link to reset its password.',
  invalidLink: 'This password reset link is invalid or has expired. Ask for a new one.',
  done: 'Your password has been changed. Log in with your new password.',
} as const;

/** How long a reset link works. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

/** 32 random bytes in base64url: 43 characters of A-Z, a-z, 0-9, - and _. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const resetTokenSchema = z
  .string({ error: PASSWORD_RESET_MESSAGES.invalidLink })
  .regex(RESET_TOKEN, PASSWORD_RESET_MESSAGES.invalidLink);

/** Whether a `?token=` value has the shape of a reset token (the page checks it before showing the form). */
export const isResetTokenShape = (token: string | null | undefined): token is string =>
  typeof token === 'string' && RESET_TOKEN.test(token);

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The new password follows the registration rules (auth-password.ts). */
export const resetPasswordBodySchema = z.strictObject({ token: resetTokenSchema, password: passwordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The reset form adds the confirmation, which is never sent, with the registration form's message. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMismatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const passwordResetAnswerSchema = z.object({ message: z.string() });
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;
