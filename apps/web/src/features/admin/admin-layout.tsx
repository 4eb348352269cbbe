import {
  Car,
  ChevronDown,
  ExternalLink,
  HandCoins,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Send,
  Settings,
  User as UserIcon,
  Users,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { isSuperAdminRole } from '@vm/shared/constants';
import { useAuth } from '../auth/auth-context';

const NAV = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/vehicles', label: 'Vehicles', icon: Car },
  { to: '/admin/offers', label: 'Offers', icon: HandCoins },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/contacts', label: 'Contacts', icon: Mail },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
  // The outbox holds reset links and buyers' messages: SuperAdmins only (docs/decisions/114-email-outbox.md).
  { to: '/admin/emails', label: 'Sent emails', icon: Send, superAdminOnly: true },
] as const;

/** Closes something when a pointer goes down outside `ref` (the sidebar drawer, the user menu). */
function useOutsideClick(ref: React.RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  useEffect(() => {
    if (!active) return;
    const handle = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) onOutside();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onOutside();
    };
    document.addEventListener('pointerdown', handle);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', handle);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, active, onOutside]);
}

function useLogoutToLogin() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await logout();
    navigate('/login', { replace: true });
  };
}

function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const ref = useRef<HTMLElement>(null);
  useOutsideClick(ref, open, onClose);
  const nav = NAV.filter((item) => !('superAdminOnly' in item) || isSuperAdminRole(user?.role));
  return (
    <>
      {open ? <div className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden" aria-hidden="true" /> : null}
      <aside
        ref={ref}
        id="admin-sidebar"
        aria-label="Admin navigation"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col bg-ink-900 text-slate-200 transition-transform duration-200 lg:translate-x-0 ${
          open ? 'translate-x-0' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-white/10 px-5">
          <Link to="/admin/dashboard" className="text-lg font-bold tracking-tight text-white">
            Back Office
          </Link>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-1 text-slate-300 hover:bg-white/10 lg:hidden"
            aria-label="Close sidebar"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <div className="border-b border-white/10 px-5 py-4" data-testid="sidebar-user">
          <p className="truncate font-semibold text-white">
            {user?.firstName} {user?.lastName}
          </p>
          <p className="truncate text-sm text-slate-400">{user?.email}</p>
        </div>
        <nav className="flex-1 space-y-1 overflow-y-auto px-3 py-4">
          {nav.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              onClick={onClose}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
                  isActive ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'
                }`
              }
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
        </nav>
      </aside>
    </>
  );
}

function UserMenu() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const logoutToLogin = useLogoutToLogin();
  useOutsideClick(ref, open, () => setOpen(false));
  const item = 'flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100';
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="User menu"
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
          {user?.firstName?.charAt(0).toUpperCase() ?? '?'}
        </span>
        <span className="hidden sm:inline">{user?.firstName}</span>
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </button>
      {open ? (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-2 w-48 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <Link role="menuitem" to="/" className={item} onClick={() => setOpen(false)}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> View Frontend
          </Link>
          <Link role="menuitem" to="/admin/profile" className={item} onClick={() => setOpen(false)}>
            <UserIcon className="h-4 w-4" aria-hidden="true" /> Profile
          </Link>
          <button role="menuitem" type="button" className={item} onClick={logoutToLogin}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Sidebar and top bar around every admin page (ADMIN-SHELL-01..12). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const { pathname } = useLocation();
  const logoutToLogin = useLogoutToLogin();
  // A navigation closes the drawer on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(() => setSidebarOpen(false), [pathname]);
  return (
    <div className="min-h-screen bg-slate-50">
      <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4 sm:gap-3 sm:px-6">
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label="Open sidebar"
            aria-controls="admin-sidebar"
            aria-expanded={sidebarOpen}
            onClick={() => setSidebarOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </button>
          {/* Fits at 375 px beside the menu, the user menu and Log out (issue #20). */}
          <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-ink-900 sm:text-lg">Admin Dashboard</h1>
          <UserMenu />
          <button
            type="button"
            onClick={logoutToLogin}
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100"
            aria-label="Log out"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            <span className="hidden sm:inline">Logout</span>
          </button>
        </header>
        <main className="px-4 py-6 sm:px-6 lg:px-8">{children}</main>
      </div>
    </div>
  );
}
