import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isLegacyAdminRole, isSuperAdminRole } from '@vm/shared/constants';
import { createUserFormSchema, editUserFormSchema, statusToIsActive, type User } from '@vm/shared/user';
import { useState } from 'react';
import { type DefaultValues, FormProvider, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-context';
import { DASHBOARD_KEY } from '../dashboard/dashboard-api';
import { Modal } from '../../../components/modal';
import { CommonUserFields, formRole, roleChoices } from './user-form-fields';
import { USER_MESSAGES } from './user-messages';
import { createUser, USERS_KEY, updateUser } from './users-api';

/** The banner text of the spec, with the server's reason underneath when it gave one. */
function FailureBanner({ text, detail }: { text: string; detail: string | null }) {
  return (
    <Alert>
      <p className="font-semibold">{text}</p>
      {detail && detail !== text ? <p className="mt-1">{detail}</p> : null}
    </Alert>
  );
}

function serverDetail(err: unknown): string | null {
  const message = errorMessage(err, '');
  return message === '' ? null : message;
}

type CreateInput = z.input<typeof createUserFormSchema>;
type CreateOutput = z.output<typeof createUserFormSchema>;

const CREATE_DEFAULTS: CreateInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  role: 'User',
  status: 'Active',
};

/** "Create New User" (ADMIN-USR-25..29, VALID-17..21, ERR-13, ERR-14). */
export function CreateUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: CREATE_DEFAULTS,
  });
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: createUser,
    onSuccess: async (user) => {
      toast.success(`${user.name} was created`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
      ]);
      close();
    },
    onError: (err) => setFailure(serverDetail(err)),
  });
  const close = () => {
    form.reset(CREATE_DEFAULTS);
    setFailure(undefined);
    mutation.reset();
    onClose();
  };
  // ADMIN-USR-28/29: the payload the spec names, with the status mapped to isActive.
  const submit = form.handleSubmit(({ confirmPassword: _confirm, status, ...rest }) => {
    setFailure(undefined);
    mutation.mutate({ ...rest, isActive: statusToIsActive(status) });
  });
  const busy = mutation.isPending;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Create New User"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="create-user-form" disabled={busy}>
            {busy ? 'Creating...' : 'Create User'}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id="create-user-form" onSubmit={submit} noValidate className="space-y-4">
          {failure !== undefined ? <FailureBanner text={USER_MESSAGES.createFailed} detail={failure} /> : null}
          <CommonUserFields roles={roleChoices(isSuperAdminRole(me?.role))} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              error={form.formState.errors.password?.message}
              {...form.register('password')}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              error={form.formState.errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}

type EditInput = z.input<typeof editUserFormSchema>;
type EditOutput = z.output<typeof editUserFormSchema>;

function editValues(user: User): DefaultValues<EditInput> {
  // A legacy admin spelling the form does not offer (CallerAdmin) stays as it is.
  const role = formRole(user.role) ?? (isLegacyAdminRole(user.role) ? user.role : undefined);
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    // Any other role the form does not offer leaves the select on "Choose a role".
    ...(role ? { role } : {}),
    status: user.isActive ? 'Active' : 'Inactive',
  };
}

/** "Edit User", filled with the loaded user (ADMIN-USR-30..32, VALID-22..23, ERR-12). */
export function EditUserModal({
  user,
  onClose,
  onSaved,
}: {
  user: User | null;
  onClose: () => void;
  onSaved?: (user: User) => void;
}) {
  return (
    <Modal open={user !== null} onClose={onClose} title="Edit User" size="lg">
      {user ? <EditUserForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function EditUserForm({
  user,
  onClose,
  onSaved,
}: {
  user: User;
  onClose: () => void;
  onSaved: ((user: User) => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  // Nobody changes their own role or status (docs/decisions/122-people-rules.md): not offered, not sent.
  const isSelf = me?.id === user.id;
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(editUserFormSchema),
    defaultValues: editValues(user),
  });
  const [failure, setFailure] = useState<string | null | undefined>(undefined);
  const mutation = useMutation({
    mutationFn: (values: EditOutput) =>
      updateUser(user.id, {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        ...(isSelf ? {} : { role: values.role, isActive: statusToIsActive(values.status) }),
      }),
    onSuccess: async (saved) => {
      toast.success(`${saved.name} was updated`);
      onSaved?.(saved);
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
      onClose();
    },
    onError: (err) => setFailure(serverDetail(err)),
  });
  const busy = mutation.isPending;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit((values) => {
          setFailure(undefined);
          mutation.mutate(values);
        })}
        noValidate
        className="space-y-4"
      >
        {failure !== undefined ? <FailureBanner text={USER_MESSAGES.updateFailed} detail={failure} /> : null}
        <CommonUserFields roles={roleChoices(isSuperAdminRole(me?.role), user.role)} standing={!isSelf} />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
