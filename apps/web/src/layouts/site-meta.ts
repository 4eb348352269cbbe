import { useEffect } from 'react';
import { setDefaultTitle } from '../lib/page-title';
import type { CompanyInfo } from '../features/storefront/company-info';

/**
 * CHROME-21, CHROME-22: the default page title is the settings meta title, else the company
 * name. The description and share card of each page are its PageHead's (lib/page-head.tsx,
 * docs/decisions/119-page-heads-and-sitemap.md).
 */
export function useSiteMeta(company: CompanyInfo) {
  const title = company.metaTitle || company.companyName;
  useEffect(() => {
    setDefaultTitle(title);
  }, [title]);
}
