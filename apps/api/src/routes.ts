import type { FastifyInstance } from 'fastify';
import { PRIVATE_CACHE_CONTROL } from './lib/http-caching.ts';
import { adminAuctionRoutes } from './features/auctions/admin-auction-routes.ts';
import { auctionEventRoutes } from './features/auctions/auction-event-routes.ts';
import {
  auctionListRoutes,
  bidRoutes,
  myBidsRoutes,
  vehicleAuctionRoutes,
} from './features/auctions/auction-routes.ts';
import { accountRoutes } from './features/account/account-routes.ts';
import { catalogueRoutes } from './features/catalogue/catalogue-routes.ts';
import { authRoutes, currentUserRoutes } from './features/auth/auth-routes.ts';
import { adminContactRoutes, contactRoutes } from './features/contact/contact-routes.ts';
import { sentEmailRoutes } from './features/email/sent-email-routes.ts';
import { unsubscribeRoutes } from './features/email/unsubscribe-routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { adminOfferRoutes } from './features/offers/admin-offer-routes.ts';
import { buyerOfferRoutes } from './features/offers/buyer-offer-routes.ts';
import { myOffersRoutes } from './features/offers/my-offers-routes.ts';
import { vehicleOffers } from './features/offers/offer-sale-service.ts';
import { savedSearchRoutes } from './features/saved-searches/saved-search-routes.ts';
import { adminSettingsRoutes, settingsRoutes } from './features/settings/settings-routes.ts';
import { settingsMediaRoutes } from './features/settings/settings-media-routes.ts';
import { trackingRoutes } from './features/tracking/tracking-routes.ts';
import { adminUserRoutes } from './features/users/admin-user-routes.ts';
import { userRoutes } from './features/users/user-routes.ts';
import { unsubscribeAccounts } from './features/users/user-service.ts';
import { vinRoutes } from './features/vin/vin-routes.ts';
import { adminVehicleRoutes } from './features/vehicles/admin-vehicle-routes.ts';
import { publicVehicleRoutes } from './features/vehicles/public-vehicle-routes.ts';
import { watchRoutes } from './features/watch/watch-routes.ts';

/**
 * Every API route, by feature, under /api. Who may call a route is decided by the subtree it is
 * registered in, as in fastify/demo's autohooks: public routes here, then one encapsulated
 * plugin for signed-in users and one for admins, each adding its check once as an onRequest
 * hook. The subtrees are encapsulation contexts, not URL prefixes: admin vehicle routes still
 * live under /api/vehicles next to the public ones. onRequest runs before the body is parsed or
 * validated, so an anonymous call gets its 401 (and a buyer its 403) before any 400, and an
 * upload is refused before it is read (docs/decisions/030-admin-vehicle-api.md).
 */
export async function registerRoutes(app: FastifyInstance) {
  // An answer that did not say how it may be cached is private and never stored: signed-in,
  // personal and admin answers, errors. Public answers set their own (lib/http-caching.ts).
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
  });
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(catalogueRoutes, { prefix: '/vehicles' });
  await app.register(publicVehicleRoutes, { prefix: '/vehicles' });
  await app.register(vehicleAuctionRoutes, { prefix: '/vehicles' });
  await app.register(auctionListRoutes, { prefix: '/auctions' });
  await app.register(auctionEventRoutes, { prefix: '/auctions' });
  await app.register(trackingRoutes, { prefix: '/tracking' });
  await app.register(contactRoutes, { prefix: '/contact' });
  await app.register(unsubscribeRoutes, { prefix: '/unsubscribe', accounts: unsubscribeAccounts });
  await app.register(signedInRoutes);
  await app.register(adminRoutes);
}

/** Routes for any signed-in user, on their own things; a route needing more checks it itself. */
async function signedInRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  await app.register(currentUserRoutes, { prefix: '/auth' });
  await app.register(watchRoutes, { prefix: '/vehicles' });
  await app.register(buyerOfferRoutes, { prefix: '/vehicles' });
  await app.register(userRoutes, { prefix: '/users' });
  await app.register(accountRoutes, { prefix: '/users' });
  await app.register(myOffersRoutes, { prefix: '/users' });
  await app.register(savedSearchRoutes, { prefix: '/saved-searches' });
  await app.register(bidRoutes, { prefix: '/vehicles' });
  await app.register(myBidsRoutes, { prefix: '/users' });
}

/** The back office: every route needs an Admin or SuperAdmin; SuperAdmin-only actions check that themselves. */
async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(adminSettingsRoutes, { prefix: '/settings' });
  await app.register(settingsMediaRoutes, { prefix: '/settings/media' });
  await app.register(adminVehicleRoutes, { prefix: '/vehicles', offers: vehicleOffers });
  await app.register(adminContactRoutes, { prefix: '/contact/admin' });
  await app.register(adminUserRoutes, { prefix: '/users' });
  await app.register(adminOfferRoutes, { prefix: '/admin/offers' });
  await app.register(dashboardRoutes, { prefix: '/admin' });
  await app.register(sentEmailRoutes, { prefix: '/admin/emails' });
  await app.register(vinRoutes, { prefix: '/vin' });
  await app.register(adminAuctionRoutes, { prefix: '/admin' });
}
