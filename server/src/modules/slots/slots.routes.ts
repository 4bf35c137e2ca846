import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slotsEndpoints } from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { SlotsService } from './slots.service';

const errors = errorResponses(400, 401, 403, 404);

export function slotsRoutes(deps: { guards: AuthGuards; slots: SlotsService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { slots } = deps;
  const adminOnly = deps.guards.require({ roles: ['admin'] });
  const admin = { tags: ['admin'], errors, onRequest: adminOnly };
  return async (app) => {
    route(
      app,
      slotsEndpoints.publicList,
      {
        tags: ['slots'],
        summary: 'Slots of a station and branch on a date (no sign-in needed); full slots have available_slots 0',
        errors: errorResponses(400, 429),
        config: { rateLimit: limitedRoute('public-slots', deps.limits.publicSlots) },
      },
      async (request) => slots.publicList(request.query),
    );

    route(
      app,
      slotsEndpoints.adminList,
      { ...admin, summary: "A station's slots on a date (the admin's station by default), with their officers" },
      async (request) => slots.adminList(principalOf(request), request.query),
    );

    route(app, slotsEndpoints.create, admin, async (request, reply) => reply.status(201).send(await slots.create(principalOf(request), request.body)));

    route(
      app,
      slotsEndpoints.remove,
      { ...admin, summary: 'Deletes a slot: it can no longer be booked; its complaints keep their appointment' },
      async (request) => {
        await slots.remove(principalOf(request), request.params.id);
        return { success: true as const, message: 'Slot deleted' };
      },
    );

    route(
      app,
      slotsEndpoints.assignOfficer,
      { ...admin, summary: 'Assigns an active officer of the slot’s branch and station (again is harmless)' },
      // The request's `officerId` is the officer's row id (officers[].id), the spec's name.
      async (request) => slots.assignOfficer(principalOf(request), request.params.id, request.body.officerId),
    );

    route(app, slotsEndpoints.removeOfficer, admin, async (request) =>
      slots.removeOfficer(principalOf(request), request.params.id, request.params.officerRowId),
    );
  };
}
