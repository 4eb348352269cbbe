import { Link } from 'react-router';
import type { CompanyInfo } from '../features/storefront/company-info';

/** CHROME-01, CHROME-02: the logo from settings, else the company name. Links home. */
export function SiteLogo({ company }: { company: CompanyInfo }) {
  return (
    <Link to="/" className="flex shrink-0 items-center rounded-md" aria-label={`${company.companyName} home`}>
      {company.logoUrl ? (
        <img
          src={company.logoUrl}
          alt={company.companyName}
          height={40}
          className="h-10 w-auto max-w-48 object-contain"
        />
      ) : (
        <span className="text-lg font-extrabold tracking-tight text-ink-900 sm:text-xl">{company.companyName}</span>
      )}
    </Link>
  );
}
