import { useEffect } from 'react';
import { setDefaultTitle } from '../lib/page-title';
import type { CompanyInfo } from '../features/storefront/company-info';

/** The share image of pages that give none (CHROME-23): a 1200×630 card in public/, drawn once with sharp. */
export const DEFAULT_SOCIAL_IMAGE = '/og-default.png';

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(selector);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * CHROME-21, CHROME-22: the default page title is the settings meta title, else the company
 * name; the meta description and the share card follow the settings too.
 */
export function useSiteMeta(company: CompanyInfo) {
  const title = company.metaTitle || company.companyName;
  useEffect(() => {
    setDefaultTitle(title);
    setMeta('meta[property="og:site_name"]', 'property', 'og:site_name', company.companyName);
    setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    if (company.metaDescription) {
      setMeta('meta[name="description"]', 'name', 'description', company.metaDescription);
      setMeta('meta[property="og:description"]', 'property', 'og:description', company.metaDescription);
    }
  }, [title, company.companyName, company.metaDescription]);
}

/** A page's own share image (a vehicle photo), back to the default when the page closes. */
export function useSocialImage(url: string | null | undefined) {
  useEffect(() => {
    if (!url) return;
    const absolute = new URL(url, window.location.origin).href;
    setMeta('meta[property="og:image"]', 'property', 'og:image', absolute);
    return () => setMeta('meta[property="og:image"]', 'property', 'og:image', DEFAULT_SOCIAL_IMAGE);
  }, [url]);
}
