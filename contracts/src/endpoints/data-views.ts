import {
  dataViewFlaggedSchema,
  dataViewFlagPageSchema,
  dataViewFlagParamsSchema,
  dataViewFlagQuerySchema,
  dataViewFlagSchema,
  dataViewPageSchema,
  dataViewParamsSchema,
  dataViewQuerySchema,
} from '../data-views';
import { endpoint } from './define';

/** "Who has looked at my data?": a citizen's list of staff views of their data, its flags, and the administrators' attention list. */
export const dataViewEndpoints = {
  mine: endpoint({ method: 'GET', path: '/me/data-views', query: dataViewQuerySchema, status: 200, answer: dataViewPageSchema }),
  flag: endpoint({ method: 'POST', path: '/me/data-views/:id/flag', params: dataViewParamsSchema, status: 200, answer: dataViewFlaggedSchema }),
  flags: endpoint({ method: 'GET', path: '/admin/data-view-flags', query: dataViewFlagQuerySchema, status: 200, answer: dataViewFlagPageSchema }),
  handleFlag: endpoint({
    method: 'POST',
    path: '/admin/data-view-flags/:id/handled',
    params: dataViewFlagParamsSchema,
    status: 200,
    answer: dataViewFlagSchema,
  }),
};
