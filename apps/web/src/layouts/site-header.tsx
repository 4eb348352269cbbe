import { ChevronDown, Menu, X } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '../components/button';
import { DropdownMenu, menuItemClass } from '../components/dropdown-menu';
import { useAuth } from '../features/auth/auth-context';
import { useSignOut } from '../features/auth/use-sign-out';
import type { CompanyInfo } from '../features/storefront/company-info';
import { MobileMenu } from './mobile-menu';
import { NavSearch } from './nav-search';
import { BUY_LINKS, PAGE_LINKS } from './nav-links';
import { SiteLogo } from './site-logo';
import { UserMenu } from './user-menu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-ink-900'
  }`;

/** The public navigation bar (CHROME-01..13); from 1024px the full bar, below it a menu panel. */
export function SiteHeader({ company }: { company: CompanyInfo }) {
  const { status, user, isAdmin } = useAuth();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  // A navigation (back button included) closes the mobile panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on each navigation on purpose
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname, location.search]);

  const signOutAndGoHome = useSignOut('/');
  const signOut = async () => {
    setMobileOpen(false);
    await signOutAndGoHome();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <SiteLogo company={company} />
        <NavSearch className="hidden max-w-xs flex-1 lg:block xl:max-w-sm" />
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 lg:flex">
          <DropdownMenu
            buttonClassName="flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-ink-900"
            button={
              <>
                Buy
                <ChevronDown className="h-4 w-4" aria-hidden="true" />
              </>
            }
          >
            {BUY_LINKS.map((l) => (
              <Link key={l.to} to={l.to} role="menuitem" className={menuItemClass}>
                {l.label}
              </Link>
            ))}
          </DropdownMenu>
          {PAGE_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={navLinkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          {status === 'authenticated' && user ? (
            <UserMenu user={user} isAdmin={isAdmin} onSignOut={signOut} />
          ) : status === 'anonymous' ? (
            <>
              <Link to="/login" className={buttonClass('ghost')}>
                Login
              </Link>
              <Link to="/register" className={buttonClass('primary')}>
                Sign Up
              </Link>
            </>
          ) : (
            <span className="h-9 w-28 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
          )}
        </div>
        <button
          type="button"
          className="ml-auto inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls={mobileMenuId}
          onClick={() => setMobileOpen((v) => !v)}
        >
          {mobileOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          <span className="sr-only">{mobileOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </div>
      {mobileOpen ? (
        <MobileMenu
          id={mobileMenuId}
          onClose={closeMobile}
          status={status}
          user={user}
          isAdmin={isAdmin}
          onSignOut={signOut}
        />
      ) : null}
    </header>
  );
}
