import { Outlet } from 'react-router';
import { companyInfo } from '../features/storefront/company-info';
import { useSiteSettings } from '../lib/site-settings';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useSiteMeta } from './site-meta';

/** Public chrome (ROUTE-04): navigation bar, the page, footer; settings-driven title and meta. */
export function PublicLayout() {
  const settings = useSiteSettings();
  const company = companyInfo(settings);
  useSiteMeta(company);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader company={company} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter company={company} settings={settings} />
    </div>
  );
}
