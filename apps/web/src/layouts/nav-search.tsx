import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** CHROME-03: the navigation search box; submits to /vehicles?query={text}. */
export function NavSearch({ className = '', onSearch }: { className?: string; onSearch?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [text, setText] = useState('');

  // The box shows the current search while on the results page, and empties elsewhere.
  useEffect(() => {
    const current = location.pathname === '/vehicles' ? new URLSearchParams(location.search).get('query') : null;
    setText(current ?? '');
  }, [location.pathname, location.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    navigate(query ? `/vehicles?query=${encodeURIComponent(query)}` : '/vehicles');
    onSearch?.();
  };

  return (
    <search className={className}>
      <form onSubmit={submit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search vehicles
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search make, model, keyword..."
          maxLength={200}
          className="block w-full rounded-full border border-slate-300 bg-white py-2 pr-11 pl-4 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
        <button
          type="submit"
          className="absolute inset-y-1 right-1 inline-flex w-9 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">Search</span>
        </button>
      </form>
    </search>
  );
}
