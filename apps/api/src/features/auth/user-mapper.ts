import type { Selectable } from 'kysely';
import type { User } from '@vm/shared/user';
import type { UsersTable } from '../../db/schema.ts';
import { parseNotificationPrefs } from '../../lib/notification-prefs.ts';

/** Row to the shared User shape; the password hash never leaves this module. */
export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    username: row.username,
    email: row.email,
    phone: row.phone,
    role: row.role,
    isActive: row.is_active === 1,
    profileImage: row.profile_image,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    notificationPrefs: parseNotificationPrefs(row.notification_prefs),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
