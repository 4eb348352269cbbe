import { useEffect } from 'react';

let defaultTitle = 'Heritage Import Motors';
let pageTitle: string | undefined;

function applyTitle() {
  document.title = pageTitle ? `${pageTitle} | ${defaultTitle}` : defaultTitle;
}

/**
 * The site-wide title (settings meta title, else company name), set by the public layout.
 * Settings arrive after the page has mounted, so the current page's title is re-applied.
 */
export function setDefaultTitle(title: string) {
  defaultTitle = title;
  applyTitle();
}

/** Sets the document title for a page: "Page | Site", or the default title alone. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    pageTitle = title;
    applyTitle();
  }, [title]);
}
