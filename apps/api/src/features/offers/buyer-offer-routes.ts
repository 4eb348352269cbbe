import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema } from '@vm/shared/common';
import { AMENDABLE_OFFER_STATUSES, NO_OFFER_VEHICLE_STATUSES } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import { dollarsToCents, formatMoney } from '@vm/shared/money';
import { offerBodySchema, offerListSchema, offerSubmitResponseSchema } from '@vm/shared/offer';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { findVehicleState } from '../vehicles/vehicle-repository.ts';
import { amendOffer, findOfferRow, getOffer, insertOfferIfAbsent, listOwnOffers } from './offer-repository.ts';

/** Why an existing offer cannot be amended, or undefined when it can. */
function amendRefusal(status: string): string | undefined {
  if ((AMENDABLE_OFFER_STATUSES as readonly string[]).includes(status)) return undefined;
  return status === 'accepted' ? MSG.offerAcceptedNoAmend : MSG.offerFinal;
}

/**
 * GET/POST /vehicles/:id/offers: a buyer's own offer on a vehicle. One offer per buyer and
 * vehicle; sending again amends it. A buyer never sees anyone else's offer here.
 */
export async function buyerOfferRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:id/offers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        response: { 200: offerListSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const vehicle = await findVehicleState(app.db, request.params.id);
      if (!vehicle) throw notFound(MSG.vehicleNotFound);
      return { offers: await listOwnOffers(app.db, me.id, vehicle.id) };
    },
  );

  app.post(
    '/:id/offers',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['offers'],
        security: [{ bearer: [] }],
        params: idParamSchema,
        body: offerBodySchema,
        response: { 200: offerSubmitResponseSchema, 201: offerSubmitResponseSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const vehicle = await findVehicleState(app.db, request.params.id);
      if (!vehicle) throw notFound(MSG.vehicleNotFound);
      const amountCents = dollarsToCents(request.body.amount);
      const { message } = request.body;
      const buyerName = `${me.row.first_name} ${me.row.last_name}`;
      const amountText = formatMoney(request.body.amount);

      const result = await app.db.transaction().execute(async (trx) => {
        const existing = await findOfferRow(trx, me.id, vehicle.id);
        const refusal = existing ? amendRefusal(existing.status) : undefined;
        if (refusal) throw conflict(refusal);
        if (NO_OFFER_VEHICLE_STATUSES.includes(vehicle.status)) throw conflict(MSG.vehicleNotForSale);

        if (!existing) {
          const createdId = await insertOfferIfAbsent(trx, {
            userId: me.id,
            vehicleId: vehicle.id,
            amountCents,
            message,
          });
          if (createdId) {
            await recordActivity(
              trx,
              'offer_submitted',
              createdId,
              `${buyerName} offered ${amountText} on ${vehicle.title}`,
            );
            return { id: createdId, isUpdate: false };
          }
        }
        // Either an offer existed, or a simultaneous request inserted it first: amend that one.
        const current = existing ?? (await findOfferRow(trx, me.id, vehicle.id));
        if (!current) throw conflict(MSG.offerFinal);
        const lateRefusal = amendRefusal(current.status);
        if (lateRefusal) throw conflict(lateRefusal);
        await amendOffer(trx, current.id, amountCents, message);
        await recordActivity(
          trx,
          'offer_submitted',
          current.id,
          `${buyerName} amended their offer on ${vehicle.title} to ${amountText}`,
        );
        return { id: current.id, isUpdate: true };
      });

      const offer = await getOffer(app.db, result.id);
      return reply.code(result.isUpdate ? 200 : 201).send({ offer, isUpdate: result.isUpdate });
    },
  );
}
