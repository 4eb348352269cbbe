import { Badge, roleTone } from '../../../components/badge';

type StatusLabel = 'Active' | 'Inactive' | 'Pending';
const STATUS_TONE = { Active: 'green', Inactive: 'red', Pending: 'yellow' } as const;

/** ADMIN-USR-17: Active green, Inactive red, Pending yellow. */
export function UserStatusBadge({ status }: { status: StatusLabel }) {
  return <Badge tone={STATUS_TONE[status]}>{status}</Badge>;
}

export const statusOf = (user: { isActive: boolean }): StatusLabel => (user.isActive ? 'Active' : 'Inactive');

/** ADMIN-USR-18 / ROLE-06: the role as a badge coloured by roleTone. */
export function RoleBadge({ role }: { role: string }) {
  return <Badge tone={roleTone(role)}>{role}</Badge>;
}
