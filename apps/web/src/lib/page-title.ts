import { useEffect } from 'react';

let defaultTitle = 'Heritage Import Motors';
/** The site-wide title (settings meta title, else company name), set by the public layout. */
export function setDefaultTitle(title: string) {
  defaultTitle = title;
}

/** Sets the document title for a page: "Page | Site", or the default title alone. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${defaultTitle}` : defaultTitle;
  }, [title]);
}
