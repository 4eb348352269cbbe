import { Badge, roleTone } from '../../../components/badge';
import { Spinner } from '../../../components/spinner';
import { usePageTitle } from '../../../lib/page-title';
import { PasswordForm } from '../../account/password-form';
import { ProfileForm } from '../../account/profile-form';
import { useAuth } from '../../auth/auth-context';

/**
 * The signed-in admin's own profile (ADMIN-SHELL-06): personal details and password, with the
 * same forms, schemas and messages as the buyer's account pages.
 */
export function AdminProfilePage() {
  usePageTitle('Profile');
  const { user } = useAuth();
  if (!user) return <Spinner />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white">
          {user.firstName.charAt(0).toUpperCase()}
          {user.lastName.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-bold text-ink-900">
            {user.firstName} {user.lastName}
          </h2>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
        <Badge tone={roleTone(user.role)}>{user.role}</Badge>
      </div>
      {/* Keyed by the user, not updatedAt: a save changes updatedAt, and remounting the form then
          lost its "saved" message (issue #20). The form resets itself to what was saved. */}
      <ProfileForm key={user.id} user={user} />
      <PasswordForm userId={user.id} />
    </div>
  );
}
