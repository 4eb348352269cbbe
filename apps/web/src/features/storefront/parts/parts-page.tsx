import { ExternalLink, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { PAGE_TEXT } from '@vm/shared/page-meta';
import { TextPageHead } from '../../../lib/page-head';
import { useSiteSettings } from '../../../lib/site-settings';

/** /parts (docs/product-rules.md#pages): the parts links an admin keeps in Settings, or an empty state. */
export function PartsPage() {
  const { parts } = useSiteSettings();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-14">
      <TextPageHead page="parts" />
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">Parts</h1>
        <p className="mt-2 max-w-2xl text-slate-600">{PAGE_TEXT.parts.intro}</p>
      </header>
      {parts.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Wrench className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-medium text-slate-700">No parts suppliers are listed yet.</p>
          <p className="mt-1 text-sm text-slate-600">
            Looking for something specific?{' '}
            <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
              Ask our team
            </Link>{' '}
            and we will source it for you.
          </p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2">
          {parts.map((part) => (
            <li key={`${part.label}-${part.url}`}>
              <a
                href={part.url}
                target="_blank"
                rel="noopener noreferrer"
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="text-lg font-semibold text-ink-900 group-hover:text-brand-700">{part.label}</span>
                  <ExternalLink className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
                </span>
                {part.description ? <span className="mt-2 text-sm text-slate-600">{part.description}</span> : null}
                <span className="mt-4 truncate text-xs text-slate-500">
                  {part.url.replace(/^https?:\/\//, '')}
                  <span className="sr-only"> (opens in a new tab)</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
