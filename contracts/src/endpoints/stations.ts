import { stationListSchema } from '../stations';
import { endpoint } from './define';

/** The police stations (public). A module of its own: every form with a station list loads it, without sign-in's schemas. */
export const stationsEndpoints = {
  list: endpoint({ method: 'GET', path: '/stations', status: 200, answer: stationListSchema }),
};
