import {
  ANONYMOUS_COMPLAINT_FORM,
  anonymousIdParamSchema,
  anonymousOfficerListQuerySchema,
  anonymousOfficerListSchema,
  anonymousOfficerParamSchema,
  submitAnonymousComplaintResponseSchema,
  trackAnonymousRequestSchema,
  trackAnonymousResponseSchema,
  updateAnonymousStatusRequestSchema,
  updateAnonymousStatusResponseSchema,
} from '../anonymous';
import { endpoint } from './define';

/** The anonymous reports' calls. A module of their own: the anonymous form loads them without the complaint schemas. */
export const anonymousEndpoints = {
  submit: endpoint({ method: 'POST', path: '/anonymous', form: ANONYMOUS_COMPLAINT_FORM, status: 201, answer: submitAnonymousComplaintResponseSchema }),
  track: endpoint({ method: 'POST', path: '/anonymous/track', body: trackAnonymousRequestSchema, status: 200, answer: trackAnonymousResponseSchema }),
  officerList: endpoint({
    method: 'GET',
    path: '/anonymous/officer/:officerId',
    params: anonymousOfficerParamSchema,
    query: anonymousOfficerListQuerySchema,
    status: 200,
    answer: anonymousOfficerListSchema,
  }),
  updateStatus: endpoint({
    method: 'PUT',
    path: '/anonymous/:id/status',
    params: anonymousIdParamSchema,
    body: updateAnonymousStatusRequestSchema,
    status: 200,
    answer: updateAnonymousStatusResponseSchema,
  }),
};
