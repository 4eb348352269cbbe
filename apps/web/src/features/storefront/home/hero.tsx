import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';

/** HOME-01: headline and the Browse Vehicles link, over the settings' hero image when there is one. */
export function Hero({ heroImageUrl, companyName }: { heroImageUrl: string | null; companyName: string }) {
  return (
    <section className="relative isolate overflow-hidden bg-ink-900">
      {heroImageUrl ? (
        <img
          src={heroImageUrl}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-40"
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,_rgba(245,158,11,0.35),_transparent_55%),radial-gradient(ellipse_at_bottom_left,_rgba(51,65,85,0.9),_transparent_60%)]"
        />
      )}
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-28 sm:px-6 sm:pt-24 sm:pb-36">
        <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">{companyName}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">
          Imported and classic vehicles, found and delivered
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-300">
          From JDM legends to European grand tourers and American muscle: browse our inspected stock, watch the cars you
          love and make an offer when you are ready.
        </p>
        <Link to="/vehicles" className={buttonClass('primary', 'mt-8 px-6 py-3 text-base')}>
          Browse Vehicles
          <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
