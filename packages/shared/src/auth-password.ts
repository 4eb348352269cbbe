import { z } from 'zod';
import { PASSWORD_MIN } from './constants.ts';
import { MSG } from './messages.ts';

export const passwordSchema = z
  .string({ error: MSG.required('Password') })
  .min(1, MSG.required('Password'))
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(200, 'Password must be at most 200 characters long');
