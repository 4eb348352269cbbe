import type { User } from '@vm/shared/user';
import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../components/button';
import { NavSearch } from './nav-search';
import { BUY_LINKS, PAGE_LINKS } from './nav-links';
import { accountLinks, UserAvatar } from './user-menu';

interface Props {
  id: string;
  onClose: () => void;
  status: 'loading' | 'authenticated' | 'anonymous';
  user: User | null;
  isAdmin: boolean;
  onSignOut: () => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
  }`;

/** CHROME-13: below 1024px, every navigation-bar and user-menu item in one panel. */
export function MobileMenu({ id, onClose, status, user, isAdmin, onSignOut }: Props) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div id={id} className="border-t border-slate-200 bg-white px-4 pt-4 pb-6 shadow-lg lg:hidden">
      <NavSearch onSearch={onClose} />
      <nav aria-label="Mobile" className="mt-4 space-y-4">
        <div>
          <p className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">Buy</p>
          <ul className="mt-1">
            {BUY_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end className={linkClass} onClick={onClose}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        <ul className="border-t border-slate-100 pt-3">
          {PAGE_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={linkClass} onClick={onClose}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="border-t border-slate-100 pt-4">
          {status === 'authenticated' && user ? (
            <>
              <div className="flex items-center gap-3 px-3">
                <UserAvatar user={user} />
                <p className="min-w-0 text-sm text-slate-600">
                  <span className="block font-semibold text-ink-900">{user.firstName}</span>
                  Signed in as <span className="break-all">{user.email}</span>
                </p>
              </div>
              <ul className="mt-2">
                {accountLinks(isAdmin).map((l) => (
                  <li key={l.to}>
                    <NavLink to={l.to} end className={linkClass} onClick={onClose}>
                      {l.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={onSignOut}
                    className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-base font-medium text-slate-800 hover:bg-slate-100"
                  >
                    <LogOut className="h-4 w-4" aria-hidden="true" />
                    Sign out
                  </button>
                </li>
              </ul>
            </>
          ) : status === 'anonymous' ? (
            <div className="grid grid-cols-2 gap-3">
              <Link to="/login" onClick={onClose} className={buttonClass('secondary')}>
                Login
              </Link>
              <Link to="/register" onClick={onClose} className={buttonClass('primary')}>
                Sign Up
              </Link>
            </div>
          ) : null}
        </div>
      </nav>
    </div>
  );
}
