import { z } from 'zod';
import {
  emailSchema,
  lenientInt,
  optionalPhoneSchema,
  phoneFieldSchema,
  optionalQueryText,
  optionalText,
  requiredText,
  sortOrderSchema,
} from './common.ts';
import {
  DEFAULT_ADMIN_PAGE_SIZE,
  isLegacyAdminRole,
  USER_ROLES,
  USER_SORT_FIELDS,
  USER_STATUS_VALUES,
} from './constants.ts';
import { MSG } from './messages.ts';
import { passwordSchema } from './auth-password.ts';

export const notificationPrefsSchema = z.strictObject({
  watchlistUpdates: z.boolean(),
  newMatches: z.boolean(),
  priceChanges: z.boolean(),
  publicWatchlist: z.boolean(),
  showContact: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  watchlistUpdates: true,
  newMatches: false,
  priceChanges: true,
  publicWatchlist: false,
  showContact: false,
};

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  profileImage: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  notificationPrefs: notificationPrefsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userRoleSchema = z.enum(USER_ROLES, { error: MSG.chooseRole });
/**
 * The role of an account being edited: one the forms offer, or the account's own legacy admin
 * spelling (CallerAdmin, superadmin) kept as it is. The server refuses a legacy spelling that is
 * not the account's stored role (docs/decisions/122-people-rules.md).
 */
export const editedRoleSchema = z
  .string({ error: MSG.chooseRole })
  .refine((role) => (USER_ROLES as readonly string[]).includes(role) || isLegacyAdminRole(role), MSG.chooseRole);

/** Fields an admin sets on a user; the form's status is mapped to isActive before sending. */
const adminUserFields = {
  firstName: requiredText(MSG.required('First name'), 100),
  lastName: requiredText(MSG.required('Last name'), 100),
  email: emailSchema,
  phone: optionalPhoneSchema,
  role: userRoleSchema,
  isActive: z.boolean({ error: MSG.required('Status') }),
};

export const createUserBodySchema = z.strictObject({ ...adminUserFields, password: passwordSchema });
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/**
 * PUT /users/:id. An admin sends the admin fields; a buyer sends their own profile fields.
 * Fields a caller may not change are ignored by the server.
 */
export const updateUserBodySchema = z.strictObject({
  firstName: requiredText(MSG.required('First name'), 100),
  lastName: requiredText(MSG.required('Last name'), 100),
  email: emailSchema.optional(),
  phone: phoneFieldSchema.optional(),
  role: editedRoleSchema.optional(),
  isActive: z.boolean().optional(),
  address: z.string().trim().max(300).optional(),
  city: z.string().trim().max(100).optional(),
  state: z.string().trim().max(100).optional(),
  zipCode: z.string().trim().max(20).optional(),
  notificationPrefs: notificationPrefsSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userStatusValueSchema = z.enum(USER_STATUS_VALUES);
export const statusToIsActive = (status: (typeof USER_STATUS_VALUES)[number]) => status === 'Active';

/** Admin create-user form: adds confirmation and the three-valued status. */
export const createUserFormSchema = z
  .strictObject({
    firstName: adminUserFields.firstName,
    lastName: adminUserFields.lastName,
    email: adminUserFields.email,
    phone: adminUserFields.phone,
    role: adminUserFields.role,
    status: userStatusValueSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
  });
export const editUserFormSchema = z.strictObject({
  firstName: adminUserFields.firstName,
  lastName: adminUserFields.lastName,
  email: adminUserFields.email,
  phone: adminUserFields.phone,
  role: editedRoleSchema,
  status: userStatusValueSchema,
});

export const profileFormSchema = z.strictObject({
  firstName: requiredText(MSG.required('First name'), 100),
  lastName: requiredText(MSG.required('Last name'), 100),
  phone: optionalPhoneSchema,
  address: optionalText(300),
});

const changePasswordFields = {
  currentPassword: z.string().min(1, MSG.required('Current password')).max(200),
  newPassword: passwordSchema,
};
/** A new password equal to the current one is refused (docs/decisions/122-people-rules.md). */
const differsFromCurrent = {
  check: (v: { currentPassword: string; newPassword: string }) => v.newPassword !== v.currentPassword,
  params: { message: MSG.samePassword, path: ['newPassword'] },
};
export const changePasswordBodySchema = z
  .strictObject(changePasswordFields)
  .refine(differsFromCurrent.check, differsFromCurrent.params);
export const changePasswordFormSchema = z
  .strictObject({ ...changePasswordFields, confirmPassword: z.string() })
  .refine(differsFromCurrent.check, differsFromCurrent.params)
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.newPasswordsMismatch,
    path: ['confirmPassword'],
  });

export const deleteAccountBodySchema = z.strictObject({
  password: z.string().min(1, MSG.required('Password')).max(200),
});

/** A password change ends every other session: the caller gets a fresh pair of tokens. */
export const changePasswordResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  refreshToken: z.string(),
});

export const userListQuerySchema = z.object({
  search: optionalQueryText,
  role: optionalQueryText,
  status: z.enum(['Active', 'Inactive', 'active', 'inactive', 'All'], { error: 'Unknown user status' }).optional(),
  sortBy: z.enum(USER_SORT_FIELDS, { error: 'Unknown sort field' }).optional().default('createdAt'),
  sortOrder: sortOrderSchema.optional().default('desc'),
  page: lenientInt(1, 1, 1_000_000),
  limit: lenientInt(DEFAULT_ADMIN_PAGE_SIZE, 1, 50),
});

export const userListResponseSchema = z.object({
  users: z.array(userSchema),
  totalUsers: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
