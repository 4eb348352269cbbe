import type { ReactNode } from 'react';

/** A titled white card; every account tab is built from these. */
export function SectionCard({
  title,
  description,
  children,
  tone = 'default',
}: {
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-white p-5 shadow-sm sm:p-6 ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h2 id={id} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-ink-900'}`}>
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
