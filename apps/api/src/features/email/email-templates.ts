import {
  auctionBidVoided,
  auctionCancelled,
  auctionEnded,
  auctionEndingSoon,
  auctionOutbid,
  auctionWon,
} from './templates/auction-notices.tsx';
import {
  offerDecision,
  offerExpired,
  priceDrop,
  savedSearchMatches,
  watchedVehicleChange,
} from './templates/buyer-notices.tsx';
import type { EmailTemplate } from './templates/email-template.ts';
import { passwordReset } from './templates/password-reset.tsx';
import { staffNewInquiry, staffNewOffer } from './templates/staff-notices.tsx';

/** Every kind of email the product sends, by the name the outbox stores. */
export const EMAIL_TEMPLATES = {
  passwordReset,
  offerDecision,
  offerExpired,
  priceDrop,
  watchedVehicleChange,
  savedSearchMatches,
  staffNewOffer,
  staffNewInquiry,
  auctionOutbid,
  auctionWon,
  auctionEnded,
  auctionEndingSoon,
  auctionBidVoided,
  auctionCancelled,
} as const;

export type EmailTemplateName = keyof typeof EMAIL_TEMPLATES;
export type EmailData<Name extends EmailTemplateName> =
  (typeof EMAIL_TEMPLATES)[Name] extends EmailTemplate<infer Data> ? Data : never;

/** One email to queue: a template, its data, and who gets it. */
export type OutboxEmail = {
  [Name in EmailTemplateName]: {
    template: Name;
    to: string;
    /** The recipient's account, when they have one: preferences and one-click unsubscribe use it. */
    userId?: string | undefined;
    data: EmailData<Name>;
  };
}[EmailTemplateName];
