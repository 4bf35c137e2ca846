import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSlotListSchema,
  adminSlotSchema,
  adminSlotsQuerySchema,
  assignOfficerRequestSchema,
  createSlotRequestSchema,
  okResponseSchema,
  publicSlotListSchema,
  publicSlotsQuerySchema,
  slotIdParamSchema,
  slotOfficerParamSchema,
} from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import type { SlotsService } from './slots.service';

const errors = errorResponses(400, 401, 403, 404);

export function slotsRoutes(deps: { guards: AuthGuards; slots: SlotsService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { slots } = deps;
  const adminOnly = deps.guards.require({ roles: ['admin'] });
  return async (app) => {
    app.get(
      '/slots/public',
      {
        config: { rateLimit: limitedRoute('public-slots', deps.limits.publicSlots) },
        schema: {
          tags: ['slots'],
          summary: 'Slots of a station and branch on a date (no sign-in needed); full slots have available_slots 0',
          querystring: publicSlotsQuerySchema,
          response: { 200: publicSlotListSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) => slots.publicList(request.query),
    );

    app.get(
      '/admin/slots',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: "A station's slots on a date (the admin's station by default), with their officers",
          querystring: adminSlotsQuerySchema,
          response: { 200: adminSlotListSchema, ...errors },
        },
      },
      async (request) => slots.adminList(principalOf(request), request.query),
    );

    app.post(
      '/admin/slots',
      {
        onRequest: adminOnly,
        schema: { tags: ['admin'], body: createSlotRequestSchema, response: { 201: adminSlotSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await slots.create(principalOf(request), request.body)),
    );

    app.delete(
      '/admin/slots/:id',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Deletes a slot: it can no longer be booked; its complaints keep their appointment',
          params: slotIdParamSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await slots.remove(principalOf(request), request.params.id);
        return { success: true as const, message: 'Slot deleted' };
      },
    );

    app.post(
      '/admin/slots/:id/assign-officer',
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary: 'Assigns an active officer of the slot’s branch and station (again is harmless)',
          params: slotIdParamSchema,
          body: assignOfficerRequestSchema,
          response: { 200: adminSlotSchema, ...errors },
        },
      },
      // The request's `officerId` is the officer's row id (officers[].id), the spec's name.
      async (request) => slots.assignOfficer(principalOf(request), request.params.id, request.body.officerId),
    );

    app.delete(
      '/admin/slots/:id/remove-officer/:officerRowId',
      {
        onRequest: adminOnly,
        schema: { tags: ['admin'], params: slotOfficerParamSchema, response: { 200: adminSlotSchema, ...errors } },
      },
      async (request) => slots.removeOfficer(principalOf(request), request.params.id, request.params.officerRowId),
    );
  };
}
