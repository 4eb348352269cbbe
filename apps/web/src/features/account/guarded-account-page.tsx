import { RequireAuth } from '../auth/require-auth';
import { AccountPage } from './account-page';

/** /account/* requires a signed-in user (ROUTE-14, ACCOUNT-02). */
export function GuardedAccountPage() {
  return (
    <RequireAuth>
      <AccountPage />
    </RequireAuth>
  );
}
