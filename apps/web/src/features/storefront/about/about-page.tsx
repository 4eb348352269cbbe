import { Quote } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { PAGE_TEXT } from '@vm/shared/page-meta';
import { TextPageHead } from '../../../lib/page-head';
import { useCompanyInfo } from '../company-info';

const LEADERS = [
  {
    name: 'Margaret Ellison',
    role: 'Founder & Managing Director',
    bio: 'Margaret imported her first Jaguar E-Type in 2005 and built the company around one rule: every car is inspected in person before it is offered.',
  },
  {
    name: 'Kenji Watanabe',
    role: 'Head of Sourcing, Japan & Asia',
    bio: 'Twenty years in the Japanese auction houses. Kenji reads auction sheets like novels and knows which chassis codes are worth the trip.',
  },
  {
    name: 'Luis Ortega',
    role: 'Director of Restoration & Compliance',
    bio: 'Luis runs our workshop and the paperwork behind it: customs, EPA and DOT compliance, titles and registrations in every state we deliver to.',
  },
] as const;

const TESTIMONIALS = [
  {
    quote:
      'They found the exact R32 GT-R I had been hunting for years, handled the import end to end and delivered it to my driveway with a full service history.',
    name: 'Daniel R.',
    place: 'Austin, Texas',
  },
  {
    quote:
      'Honest descriptions, fair prices and real people on the phone. My 1967 Mustang arrived exactly as pictured, and the team checked in after delivery.',
    name: 'Priya S.',
    place: 'Portland, Oregon',
  },
] as const;

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);

/** ABOUT-01..04: company history, three leaders and two testimonials. */
export function AboutPage() {
  const { companyName } = useCompanyInfo();
  return (
    <div>
      <TextPageHead page="about" />
      <section className="bg-ink-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">About {companyName}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-300">{PAGE_TEXT.about.intro}</p>
        </div>
      </section>

      <section aria-labelledby="about-history-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="about-history-title" className="text-2xl font-bold text-ink-900 sm:text-3xl">
              Our history
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
              <p>
                We started in 2005 in a two-bay garage near the Port of Long Beach, helping friends bring home the cars
                they had fallen for abroad. Word spread, and by 2010 we were sourcing vehicles from Japan, the United
                Kingdom and Germany for collectors across the country.
              </p>
              <p>
                Today our team inspects, imports, restores and delivers hundreds of vehicles a year, from weekend
                classics to museum-grade rarities. Every listing is photographed and described by the people who
                inspected the car, and every buyer gets the same straight answers we would want ourselves.
              </p>
              <p>What has not changed is why we do it: a good car with a story deserves an owner who will love it.</p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-4 self-start">
            {[
              ['2005', 'Founded'],
              ['4,000+', 'Vehicles delivered'],
              ['12', 'Source countries'],
              ['50', 'States delivered to'],
            ].map(([value, label]) => (
              <div
                key={label}
                className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
              >
                <dt className="mt-1 text-sm text-slate-600">{label}</dt>
                <dd className="text-3xl font-extrabold text-brand-700">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="about-leaders-title" className="bg-white py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="about-leaders-title" className="text-2xl font-bold text-ink-900 sm:text-3xl">
            Leadership
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {LEADERS.map((leader) => (
              <li key={leader.name} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <span
                  aria-hidden="true"
                  className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-ink-900 text-lg font-bold text-white"
                >
                  {initials(leader.name)}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink-900">{leader.name}</h3>
                <p className="text-sm font-medium text-brand-700">{leader.role}</p>
                <p className="mt-3 text-sm leading-relaxed text-slate-700">{leader.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-testimonials-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="about-testimonials-title" className="text-2xl font-bold text-ink-900 sm:text-3xl">
          What our clients say
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Quote className="h-8 w-8 text-brand-500" aria-hidden="true" />
                <blockquote className="mt-3 leading-relaxed text-slate-700">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold text-ink-900">{t.name}</span>
                  <span className="text-slate-600"> · {t.place}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/vehicles" className={buttonClass('primary')}>
            Browse our vehicles
          </Link>
          <Link to="/contact" className={buttonClass('secondary')}>
            Talk to a specialist
          </Link>
        </div>
      </section>
    </div>
  );
}
