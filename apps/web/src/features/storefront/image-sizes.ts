/*
 * The `sizes` of the storefront's largest photos, in their own module so the route loaders can
 * preload exactly the file the page will pick without loading the page's code.
 */

/** The detail page's main gallery photo. */
export const GALLERY_IMAGE_SIZES = '(min-width: 1280px) 820px, (min-width: 1024px) 66vw, 100vw';

/** A card in the search results grid. */
export const SEARCH_CARD_SIZES = '(min-width: 1280px) 320px, (min-width: 640px) 50vw, 100vw';
