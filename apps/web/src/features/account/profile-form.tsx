import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGE_MS } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { profileFormSchema, type User } from '@vm/shared/user';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useUpdateProfile } from './api/account';
import { SectionCard } from './section-card';
import { useTimedMessage } from './use-timed-message';

type ProfileInput = z.input<typeof profileFormSchema>;
type ProfileOutput = z.output<typeof profileFormSchema>;

/** firstName and lastName required, phone and address optional, email read-only (VALID-14..16). */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);
  const { register, handleSubmit, formState, reset } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone, address: user.address },
  });

  const onSubmit = handleSubmit((values) => {
    showMessage(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone, address: saved.address });
        showMessage({ tone: 'success', text: ACCOUNT_MESSAGES.profileSaved });
      },
      onError: () => showMessage({ tone: 'error', text: ACCOUNT_MESSAGES.profileFailed }),
    });
  });

  return (
    <SectionCard title="Personal details" description="How the dealer addresses you and where to reach you.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={formState.errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={formState.errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField label="Email" type="email" value={user.email} readOnly disabled hint={MSG.emailReadOnly} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Optional"
          error={formState.errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Address"
          autoComplete="street-address"
          hint="Optional"
          error={formState.errors.address?.message}
          {...register('address')}
        />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </form>
    </SectionCard>
  );
}
