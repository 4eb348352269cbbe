/*
 * The `sizes` of the storefront's largest photos, shared so that the server's preload of a landing
 * page's main photo and the web app's route loaders ask for exactly the file the page will pick.
 */

/** The detail page's main gallery photo. */
export const GALLERY_IMAGE_SIZES = '(min-width: 1280px) 820px, (min-width: 1024px) 66vw, 100vw';

/** A card in the search results grid. */
export const SEARCH_CARD_SIZES = '(min-width: 1280px) 320px, (min-width: 640px) 50vw, 100vw';
