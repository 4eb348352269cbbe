import type { OfferDecision } from '@vm/shared/constants';
import { formatDateTime } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';
import type { Offer } from '@vm/shared/offer';
import { relativeTime } from '@vm/shared/relative-time';
import { Check, ExternalLink, Eye, X } from 'lucide-react';
import { AdminOfferStatusBadge, isOpenOffer, vehicleLabel } from './offer-status';
import { OFFER_MESSAGES } from './offers-api';

interface Props {
  offers: Offer[];
  onUser: (userId: string) => void;
  onView: (offer: Offer) => void;
  onQuick: (offer: Offer, decision: OfferDecision) => void;
}

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
/** Below md each row is a two-column card; from md up a plain table cell. */
const td = 'md:table-cell md:px-4 md:py-3';
const iconBtn = 'inline-flex h-9 w-9 items-center justify-center rounded-lg';

/** ADMIN-OFF-09..17: Date, User, Vehicle, Amount, Status, Actions. */
export function OffersTable({ offers, onUser, onView, onQuick }: Props) {
  return (
    <div className="relative">
      <table className="block w-full md:table md:min-w-full md:divide-y md:divide-slate-200">
        <thead className="hidden bg-slate-50 md:table-header-group">
          <tr>
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              User
            </th>
            <th scope="col" className={th}>
              Vehicle
            </th>
            <th scope="col" className={`${th} text-right`}>
              Amount
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 bg-white md:table-row-group">
          {offers.length === 0 ? (
            <tr className="block md:table-row">
              <td colSpan={6} className="block px-4 py-12 text-center text-sm text-slate-500 md:table-cell">
                {OFFER_MESSAGES.empty}
              </td>
            </tr>
          ) : (
            offers.map((offer) => {
              const name = `${offer.user.firstName} ${offer.user.lastName}`.trim() || offer.user.email;
              return (
                <tr
                  key={offer.id}
                  className="grid grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-3 hover:bg-slate-50 md:table-row md:p-0"
                  data-testid="offer-row"
                >
                  <td className={`${td} order-5 text-right text-sm whitespace-nowrap text-slate-600 md:text-left`}>
                    <time dateTime={offer.createdAt} title={formatDateTime(offer.createdAt)}>
                      {relativeTime(offer.createdAt)}
                    </time>
                  </td>
                  <td className={`${td} order-1 min-w-0`}>
                    <button
                      type="button"
                      onClick={() => onUser(offer.user.id)}
                      className="rounded text-left hover:text-brand-700"
                      aria-label={`Show details of ${name}`}
                    >
                      <span className="block font-medium text-ink-900 hover:underline">{name}</span>
                      <span className="block text-sm break-all text-slate-500">{offer.user.email}</span>
                    </button>
                  </td>
                  <td className={`${td} order-3 col-span-2 text-sm`}>
                    <a
                      href={`/vehicles/${offer.vehicle.id}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-ink-900 hover:text-brand-700 hover:underline"
                    >
                      {vehicleLabel(offer.vehicle)}
                      <ExternalLink className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </td>
                  <td className={`${td} order-2 self-start text-right font-semibold whitespace-nowrap text-ink-900`}>
                    {formatMoney(offer.amount)}
                  </td>
                  <td className={`${td} order-4`}>
                    <AdminOfferStatusBadge status={offer.status} />
                  </td>
                  <td className={`${td} order-6 col-span-2`}>
                    <div className="flex justify-end gap-1">
                      <button
                        type="button"
                        className={`${iconBtn} text-slate-600 hover:bg-slate-100 hover:text-ink-900`}
                        onClick={() => onView(offer)}
                        aria-label={`View offer from ${name}`}
                        title="View details"
                      >
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      </button>
                      {isOpenOffer(offer.status) ? (
                        <>
                          <button
                            type="button"
                            className={`${iconBtn} text-green-700 hover:bg-green-50`}
                            onClick={() => onQuick(offer, 'accepted')}
                            aria-label={`Accept offer from ${name}`}
                            title="Accept"
                          >
                            <Check className="h-4 w-4" aria-hidden="true" />
                          </button>
                          <button
                            type="button"
                            className={`${iconBtn} text-red-600 hover:bg-red-50`}
                            onClick={() => onQuick(offer, 'rejected')}
                            aria-label={`Reject offer from ${name}`}
                            title="Reject"
                          >
                            <X className="h-4 w-4" aria-hidden="true" />
                          </button>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
