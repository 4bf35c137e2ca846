import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataViewEndpoints } from '@pes/contracts';
import { errorResponses } from '../../http/error-responses';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { route } from '../../http/endpoint-route';
import type { DataViewsService } from './data-views.service';

const tags = ['account'];

export function dataViewsRoutes(deps: { guards: AuthGuards; dataViews: DataViewsService }): FastifyPluginAsyncZod {
  const { guards, dataViews } = deps;
  const citizens = { tags, onRequest: guards.require({ roles: ['citizen'] }) };
  const admin = { tags: ['admin'], onRequest: guards.require({ roles: ['admin'] }) };
  return async (app) => {
    route(
      app,
      dataViewEndpoints.mine,
      {
        ...citizens,
        summary: "Every time staff opened the signed-in citizen's data, newest first (keyset pages): when, branch, station, what, which record; never who",
        errors: errorResponses(400, 401, 403),
      },
      async (request) => dataViews.mine(principalOf(request), request.query),
    );
    route(
      app,
      dataViewEndpoints.flag,
      {
        ...citizens,
        summary: 'Sends one of the citizen\'s views to the administrators\' attention ("this was not me / I did not expect this"), audited',
        errors: errorResponses(400, 401, 403, 404),
      },
      async (request) => dataViews.flag(principalOf(request), request.params.id),
    );
    route(
      app,
      dataViewEndpoints.flags,
      { ...admin, summary: 'The attention list: views citizens flagged, open or handled, newest first (keyset pages)', errors: errorResponses(400, 401, 403) },
      async (request) => dataViews.flags(request.query),
    );
    route(
      app,
      dataViewEndpoints.handleFlag,
      { ...admin, summary: 'Marks a flagged view handled, audited', errors: errorResponses(400, 401, 403, 404, 409) },
      async (request) => dataViews.handle(principalOf(request), request.params.id),
    );
  };
}
