import { centsToDollars, formatMoney } from '@vm/shared/money';

/**
 * The links and amounts the notice emails carry (docs/product-rules.md#notifications). Links are
 * absolute, from PUBLIC_URL: an email is read outside the site.
 */

/** A vehicle's storefront page: /vehicles/:id also takes the slug (apps/web/src/app/router.tsx). */
export const vehicleUrl = (publicUrl: string, slug: string) => `${publicUrl}/vehicles/${encodeURIComponent(slug)}`;

/** The back office's offer list with this offer's details open. */
export const adminOfferUrl = (publicUrl: string, offerId: string) =>
  `${publicUrl}/admin/offers?offer=${encodeURIComponent(offerId)}`;

/** The back office's inquiry list with this inquiry's details open. */
export const adminInquiryUrl = (publicUrl: string, contactId: string) =>
  `${publicUrl}/admin/contacts?contact=${encodeURIComponent(contactId)}`;

const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Whole dollars as "$12,500"; an amount with cents keeps them: "$12,500.50". */
export function amountText(cents: number): string {
  return cents % 100 === 0 ? formatMoney(centsToDollars(cents)) : withCents.format(centsToDollars(cents));
}
