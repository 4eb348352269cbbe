import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGE_MS } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { profileFormSchema, type User } from '@vm/shared/user';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formFieldProps, TextField } from '../../components/form-field';
import { NameFields, PhoneField } from '../auth/account-fields';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useUpdateProfile } from './api/account';
import { SectionForm } from './section-form';
import { useTimedMessage } from './use-timed-message';

type ProfileInput = z.input<typeof profileFormSchema>;
type ProfileOutput = z.output<typeof profileFormSchema>;

/** firstName and lastName required, phone and address optional, email read-only (VALID-14..16). */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile(user.id);
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, phone: user.phone, address: user.address },
  });

  const onSubmit = form.handleSubmit((values) => {
    showMessage(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({
          firstName: saved.firstName,
          lastName: saved.lastName,
          phone: saved.phone,
          address: saved.address,
        });
        showMessage({ tone: 'success', text: ACCOUNT_MESSAGES.profileSaved });
      },
      onError: () => showMessage({ tone: 'error', text: ACCOUNT_MESSAGES.profileFailed }),
    });
  });

  return (
    <SectionForm
      title="Personal details"
      description="How the dealer addresses you and where to reach you."
      message={message}
      onSubmit={onSubmit}
      saving={update.isPending}
      saveLabel="Save profile"
      savingLabel="Saving..."
    >
      <NameFields firstName={formFieldProps(form, 'firstName')} lastName={formFieldProps(form, 'lastName')} />
      <TextField label="Email" type="email" value={user.email} readOnly disabled hint={MSG.emailReadOnly} />
      <PhoneField hint="Optional" {...formFieldProps(form, 'phone')} />
      <TextField label="Address" autoComplete="street-address" hint="Optional" {...formFieldProps(form, 'address')} />
    </SectionForm>
  );
}
