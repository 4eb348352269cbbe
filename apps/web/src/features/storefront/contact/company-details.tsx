import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CompanyInfo, hoursByDay } from '../company-info';

function Detail({ icon: Icon, title, children }: { icon: typeof Phone; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50">
        <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-ink-900">{title}</h3>
        <div className="text-sm break-words text-slate-700">{children}</div>
      </div>
    </div>
  );
}

/** CONTACT-07..12: phone, email, full address and hours per day, with the defaults when unset. */
export function CompanyDetails({ company }: { company: CompanyInfo }) {
  const today = new Date().toLocaleDateString('en-US', { weekday: 'long' }).toLowerCase();
  return (
    <div className="space-y-6">
      <Detail icon={Phone} title="Phone">
        <a href={`tel:${company.contactPhone.replace(/[^\d+]/g, '')}`} className="hover:underline">
          {company.contactPhone}
        </a>
      </Detail>
      <Detail icon={Mail} title="Email">
        <a href={`mailto:${company.contactEmail}`} className="hover:underline">
          {company.contactEmail}
        </a>
      </Detail>
      {company.fullAddress ? (
        <Detail icon={MapPin} title="Showroom">
          <address className="not-italic">{company.fullAddress}</address>
        </Detail>
      ) : null}
      <Detail icon={Clock} title="Business hours">
        <table className="mt-1 w-full text-sm">
          <caption className="sr-only">Opening hours by day</caption>
          <tbody>
            {hoursByDay(company.businessHours).map((d) => (
              <tr key={d.day} className={d.day === today ? 'font-semibold text-ink-900' : ''}>
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {d.label}
                </th>
                <td className={`py-1 text-right ${d.hours === 'Closed' ? 'text-slate-500' : ''}`}>{d.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Detail>
    </div>
  );
}
