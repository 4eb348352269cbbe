import { z } from 'zod';
import { emailSchema, requiredPhoneSchema, requiredText } from './common.ts';
import { passwordSchema } from './auth-password.ts';
import { MSG } from './messages.ts';
import { userSchema } from './user.ts';

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: MSG.required('Password') })
    .min(1, MSG.required('Password'))
    .max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.strictObject({
  firstName: requiredText(MSG.required('First name'), 100),
  lastName: requiredText(MSG.required('Last name'), 100),
  email: emailSchema,
  phone: requiredPhoneSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The register form adds the confirmation, which is never sent. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const refreshBodySchema = z.strictObject({ refreshToken: z.string().min(1).max(500) });

export const authResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });

/** Payload of the access token. */
export const accessTokenPayloadSchema = z.object({
  userId: z.string(),
  role: z.string(),
  exp: z.number(),
});
export type AccessTokenPayload = z.infer<typeof accessTokenPayloadSchema>;
