import type { User } from '@vm/shared/user';
import { ChevronDown, LayoutDashboard, LogOut, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenu, menuItemClass } from '../components/dropdown-menu';

export function UserAvatar({ user }: { user: User }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-bold text-white"
    >
      {user.firstName.charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** The account links every signed-in menu offers (CHROME-10, CHROME-11). */
export function accountLinks(isAdmin: boolean) {
  return [
    { to: '/account', label: 'Your Profile', icon: UserRound },
    { to: '/account/settings', label: 'Settings', icon: Settings },
    ...(isAdmin ? [{ to: '/admin/dashboard', label: 'Admin Panel', icon: LayoutDashboard }] : []),
  ];
}

/** CHROME-08..12: initial and first name; "Signed in as"; profile, settings, admin panel, sign out. */
export function UserMenu({ user, isAdmin, onSignOut }: { user: User; isAdmin: boolean; onSignOut: () => void }) {
  return (
    <DropdownMenu
      align="right"
      buttonClassName="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      button={
        <>
          <UserAvatar user={user} />
          <span>{user.firstName}</span>
          <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
        </>
      }
    >
      <p className="border-b border-slate-100 px-4 pt-1 pb-2 text-xs text-slate-600">
        Signed in as
        <span className="block truncate text-sm font-semibold text-ink-900">{user.email}</span>
      </p>
      {accountLinks(isAdmin).map(({ to, label, icon: Icon }) => (
        <Link key={to} to={to} role="menuitem" className={menuItemClass}>
          <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
          {label}
        </Link>
      ))}
      <div className="my-1 border-t border-slate-100" />
      <button type="button" role="menuitem" onClick={onSignOut} className={menuItemClass}>
        <LogOut className="h-4 w-4 text-slate-500" aria-hidden="true" />
        Sign out
      </button>
    </DropdownMenu>
  );
}
