import { Headset, LayoutGrid, ShieldCheck } from 'lucide-react';

const REASONS = [
  {
    title: 'Wide Selection',
    text: 'Classics, imports, muscle and modern performance: hand-picked vehicles from trusted sources around the world.',
    icon: LayoutGrid,
  },
  {
    title: 'Secure Transactions',
    text: 'Clear pricing, documented histories and escrow-backed payments, so you buy with complete confidence.',
    icon: ShieldCheck,
  },
  {
    title: 'Expert Support',
    text: 'Our specialists help with inspections, import paperwork and shipping, from first question to delivery.',
    icon: Headset,
  },
] as const;

/** HOME-29. */
export function WhyChoose({ companyName }: { companyName: string }) {
  return (
    <section aria-labelledby="home-why-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="home-why-title" className="text-center text-2xl font-bold text-ink-900 sm:text-3xl">
        Why Choose {companyName}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {REASONS.map(({ title, text, icon: Icon }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-50">
              <Icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
