import { FALLBACK_CONTACT } from '@vm/shared/constants';
import type { PublicSettings } from '@vm/shared/settings';
import { Facebook, Instagram, Linkedin, Mail, MapPin, Phone, Twitter, Youtube } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CompanyInfo } from '../features/storefront/company-info';

const SOCIAL: { key: keyof PublicSettings['social']; label: string; icon: typeof Facebook }[] = [
  { key: 'facebook', label: 'Facebook', icon: Facebook },
  { key: 'twitter', label: 'Twitter', icon: Twitter },
  { key: 'instagram', label: 'Instagram', icon: Instagram },
  { key: 'linkedin', label: 'LinkedIn', icon: Linkedin },
  { key: 'youtube', label: 'YouTube', icon: Youtube },
];

/** CHROME-17 (docs/product-rules.md#pages). */
const QUICK_LINKS = [
  { to: '/vehicles', label: 'Vehicles' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
] as const;

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function ContactLine({ icon: Icon, children }: { icon: typeof Phone; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-brand-500" aria-hidden="true" />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** CHROME-14..20: company, social links that are set, quick links, contact details, copyright. */
export function SiteFooter({ company, settings }: { company: CompanyInfo; settings: PublicSettings }) {
  const { phone, email } = settings.contact;
  const socials = SOCIAL.filter((s) => settings.social[s.key].trim() !== '');
  return (
    <footer className="mt-16 bg-ink-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{company.companyName}</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed">{company.description}</p>
          {socials.length > 0 ? (
            <ul className="mt-5 flex gap-3" aria-label="Social media">
              {socials.map(({ key, label, icon: Icon }) => (
                <li key={key}>
                  <a
                    href={settings.social[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/10 text-white hover:bg-brand-700"
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    <span className="sr-only">{label}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wide text-white uppercase">
            Quick Links
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {company.contactMissing ? (
              // CHROME-19: nothing set at all; the default contact block.
              <>
                <ContactLine icon={Phone}>
                  <a href={telHref(FALLBACK_CONTACT.phone)} className="hover:text-white">
                    {FALLBACK_CONTACT.phone}
                  </a>
                </ContactLine>
                <ContactLine icon={Mail}>
                  <a href={`mailto:${FALLBACK_CONTACT.email}`} className="hover:text-white">
                    {FALLBACK_CONTACT.email}
                  </a>
                </ContactLine>
                <ContactLine icon={MapPin}>Showroom visits by appointment</ContactLine>
              </>
            ) : (
              <>
                {email ? (
                  <ContactLine icon={Mail}>
                    <a href={`mailto:${email}`} className="hover:text-white">
                      {email}
                    </a>
                  </ContactLine>
                ) : null}
                {phone ? (
                  <ContactLine icon={Phone}>
                    <a href={telHref(phone)} className="hover:text-white">
                      {phone}
                    </a>
                  </ContactLine>
                ) : null}
                {company.fullAddress ? <ContactLine icon={MapPin}>{company.fullAddress}</ContactLine> : null}
              </>
            )}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} {company.companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
