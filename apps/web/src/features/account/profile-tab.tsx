import type { User } from '@vm/shared/user';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** Profile tab: personal details and the password change (ACCOUNT-04..08). */
export function ProfileTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <ProfileForm user={user} />
      <PasswordForm userId={user.id} />
    </div>
  );
}
