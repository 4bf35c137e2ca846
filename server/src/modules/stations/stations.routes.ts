import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stationListSchema } from '@pes/contracts';
import type { StationsService } from './stations.service';

export function stationsRoutes(deps: { stations: StationsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/stations',
      { schema: { tags: ['stations'], summary: 'Police stations, with Sinhala and Tamil names', response: { 200: stationListSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { stations: await deps.stations.list() };
      },
    );
  };
}
