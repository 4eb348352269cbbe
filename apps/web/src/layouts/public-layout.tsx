import { Link, Outlet, useNavigate } from 'react-router';
import { useAuth } from '../features/auth/auth-context';

/** Public chrome: navigation bar, page, footer. */
export function PublicLayout() {
  const { user, status, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <nav className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3" aria-label="Main">
          <Link to="/" className="text-lg font-bold text-ink-900">
            Heritage Import Motors
          </Link>
          <div className="flex items-center gap-3 text-sm">
            <Link to="/vehicles">Browse Vehicles</Link>
            {status === 'authenticated' && user ? (
              <button
                type="button"
                onClick={async () => {
                  await logout();
                  navigate('/');
                }}
              >
                Sign out
              </button>
            ) : (
              <>
                <Link to="/login">Login</Link>
                <Link to="/register">Sign Up</Link>
              </>
            )}
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="bg-ink-900 py-6 text-center text-sm text-slate-300">
        © {new Date().getFullYear()} Heritage Import Motors
      </footer>
    </div>
  );
}
