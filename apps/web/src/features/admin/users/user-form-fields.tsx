import {
  isLegacyAdminRole,
  isSuperAdminRole,
  USER_ROLES,
  USER_STATUS_VALUES,
  type UserStatusValue,
} from '@vm/shared/constants';
import { useFormContext } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/form-field';

type UserRole = (typeof USER_ROLES)[number];

/** The fields the create and edit forms share (ADMIN-USR-25, ADMIN-USR-31). */
export interface CommonUserFieldValues {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
  role: string;
  status: UserStatusValue;
}

/**
 * Name, email, phone, role (ROLE-04) and status (CONST-38) inside a FormProvider. `roles` are
 * the roles offered (roleChoices); without `standing` the role and status are not offered at all:
 * nobody changes their own (docs/decisions/122-people-rules.md).
 */
export function CommonUserFields({
  roles = USER_ROLES,
  standing = true,
}: {
  roles?: readonly string[];
  standing?: boolean;
}) {
  const {
    register,
    formState: { errors, defaultValues },
  } = useFormContext<CommonUserFieldValues>();
  // The selects also get their defaults from React, so they are right from the first paint.
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          hint="Optional"
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      {standing ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Role"
            defaultValue={defaultValues?.role ?? ''}
            error={errors.role?.message}
            {...register('role')}
          >
            {/* Chosen only when a stored role is not one the form offers: the admin must pick one. */}
            <option value="">Choose a role</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            defaultValue={defaultValues?.status}
            error={errors.status?.message}
            hint="Pending accounts are saved as inactive until you activate them."
            {...register('status')}
          >
            {USER_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </SelectField>
        </div>
      ) : (
        <p className="text-sm text-slate-500">
          Your own role and status are not changed here: another admin changes them, so nobody locks themselves out.
        </p>
      )}
    </>
  );
}

/**
 * The roles the viewer may give: an Admin is not offered SuperAdmin, which only a SuperAdmin
 * grants. A user's own legacy admin spelling (CallerAdmin, calleradmin) is offered too, so the
 * account can be edited without changing its role (docs/decisions/122-people-rules.md).
 */
export function roleChoices(viewerIsSuperAdmin: boolean, storedRole?: string): string[] {
  const offered: string[] = USER_ROLES.filter((role) => viewerIsSuperAdmin || !isSuperAdminRole(role));
  if (storedRole && !formRole(storedRole) && isLegacyAdminRole(storedRole)) offered.push(storedRole);
  return offered;
}

/** A stored role in the spelling the role select offers ("admin" → "Admin"), when it has one. */
export function formRole(role: string): UserRole | undefined {
  return USER_ROLES.find((r) => r.toLowerCase() === role.toLowerCase());
}
