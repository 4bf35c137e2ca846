import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stationsEndpoints } from '@pes/contracts';
import { route } from '../../http/endpoint-route';
import type { StationsService } from './stations.service';

export function stationsRoutes(deps: { stations: StationsService }): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, stationsEndpoints.list, { tags: ['stations'], summary: 'Police stations, with Sinhala and Tamil names' }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { stations: await deps.stations.list() };
    });
  };
}
