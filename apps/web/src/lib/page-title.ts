import { DEFAULT_SITE_NAME, documentTitle } from '@vm/shared/page-meta';
import { useEffect } from 'react';

/** The mark of head tags written outside React: by the server, or here. */
export const OUTSIDE_REACT = 'data-page-head';

let defaultTitle = DEFAULT_SITE_NAME;
let pageTitle: string | undefined;
/** Storefront pages rendering their own <title> (lib/page-head.tsx): React then owns the title. */
let pageHeads = 0;

function applyTitle() {
  if (pageHeads > 0) return;
  document.title = documentTitle(pageTitle, defaultTitle);
  // Marked as written outside React, as the server's tags are: the next PageHead takes it out
  // when it puts its own title in (lib/page-head.tsx).
  document.head.querySelector('title')?.setAttribute(OUTSIDE_REACT, '');
}

/**
 * The site-wide title (settings meta title, else company name), set by the public layout.
 * Settings arrive after the page has mounted, so the current page's title is re-applied.
 */
export function setDefaultTitle(title: string) {
  defaultTitle = title;
  applyTitle();
}

/**
 * Sets the document title for a page whose head is not rendered by React (sign-in, account,
 * back office): "Page | Site", or the default title alone. Storefront pages render PageHead.
 */
export function usePageTitle(title?: string) {
  useEffect(() => {
    pageTitle = title;
    applyTitle();
  }, [title]);
}

/** Called by PageHead while it is mounted: the titles set here then leave the document's title alone. */
export function claimDocumentTitle(): () => void {
  pageHeads += 1;
  return () => {
    pageHeads -= 1;
  };
}
