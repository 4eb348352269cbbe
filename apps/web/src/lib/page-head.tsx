import {
  type HeadTag,
  headTags,
  isNoindexPath,
  type PageMeta,
  type TextPage,
  textPageMeta,
} from '@vm/shared/page-meta';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { claimDocumentTitle, OUTSIDE_REACT } from './page-title';
import { useSiteSettings } from './site-settings';

/*
 * A page's head as React 19 renders it: <title>, <meta> and <link rel="canonical"> written
 * anywhere in the tree are put in the document's head, and taken out when the page goes, so
 * the tags follow the visitor from page to page. The text comes from the builders the server
 * uses for the page's HTML (packages/shared/src/page-meta.ts), so a crawler that runs the app
 * reads the same head as one that reads the HTML (docs/decisions/119-page-heads-and-sitemap.md).
 */

/**
 * The server's tags carry this attribute (apps/api/src/features/storefront-pages/page-head.ts),
 * as does a title set by usePageTitle.
 */
const SERVER_TAG = OUTSIDE_REACT;

let origin: string | undefined;

/**
 * The site's address for canonical and share URLs: the one the server wrote (PUBLIC_URL), so
 * both sides write the same URLs, else the address the page was opened at.
 */
export function siteOrigin(): string {
  if (origin === undefined) {
    const canonical = document.head.querySelector<HTMLLinkElement>(`link[rel="canonical"][${SERVER_TAG}]`);
    origin = canonical ? new URL(canonical.href).origin : window.location.origin;
  }
  return origin;
}

/**
 * Takes out the server's tags (and a title usePageTitle set) once the page renders its own: React renders its tags beside
 * whatever the head holds (it reuses existing tags only when hydrating server-rendered React,
 * which this app does not do). The server's JSON-LD stays while the visitor is on the page it
 * describes, and goes with the first page after it.
 */
function dropServerTags(canonicalPath: string | null) {
  for (const element of document.head.querySelectorAll(`[${SERVER_TAG}]`)) {
    if (element instanceof HTMLScriptElement && element.getAttribute(SERVER_TAG) === canonicalPath) continue;
    element.remove();
  }
}

function tagElement(tag: HeadTag) {
  if (tag.kind === 'title') return <title key="title">{tag.text}</title>;
  if (tag.kind === 'link') return <link key="canonical" rel={tag.rel} href={tag.href} />;
  return tag.attribute === 'name' ? (
    <meta key={tag.key} name={tag.key} content={tag.content} />
  ) : (
    <meta key={tag.key} property={tag.key} content={tag.content} />
  );
}

/** Renders a page's head tags. */
export function PageHead({ meta }: { meta: PageMeta }) {
  useLayoutEffect(() => claimDocumentTitle(), []);
  useLayoutEffect(() => dropServerTags(meta.canonicalPath), [meta.canonicalPath]);
  return <>{headTags(meta, siteOrigin()).map(tagElement)}</>;
}

/** The head of /vehicles, /auctions, /about, /contact or /parts. */
export function TextPageHead({ page }: { page: TextPage }) {
  return <PageHead meta={textPageMeta(useSiteSettings(), page)} />;
}

/**
 * `noindex` on the pages kept out of search engines (docs/product-rules.md#pages): sign-in,
 * registration, account and back office. Rendered by the root, around every page.
 */
export function PrivatePageRobots() {
  const { pathname } = useLocation();
  const noindex = isNoindexPath(pathname);
  useLayoutEffect(() => {
    // The server wrote the same tag: one is enough.
    if (noindex) document.head.querySelector(`meta[name="robots"][${SERVER_TAG}]`)?.remove();
  }, [noindex]);
  return noindex ? <meta name="robots" content="noindex" /> : null;
}
