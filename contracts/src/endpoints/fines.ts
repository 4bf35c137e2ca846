import {
  analyticsQuerySchema,
  fineAnalyticsSchema,
  fineHistoryPageSchema,
  fineHistoryQuerySchema,
  fineIdParamsSchema,
  fineListResponseSchema,
  fineSchema,
  fineSearchQuerySchema,
  initiatePaymentRequestSchema,
  initiatePaymentResponseSchema,
  issueFineRequestSchema,
  markPaidRequestSchema,
  officerFinesPageSchema,
  officerFinesQuerySchema,
} from '../fines';
import { redirectResponseSchema, sandboxCancelRequestSchema, sandboxPayRequestSchema, sandboxSessionParamsSchema, sandboxSessionSchema } from '../payments';
import { endpoint } from './define';

export const finesEndpoints = {
  issue: endpoint({ method: 'POST', path: '/fines', body: issueFineRequestSchema, status: 201, answer: fineSchema }),
  officerFines: endpoint({ method: 'GET', path: '/fines/officer/my-fines', query: officerFinesQuerySchema, status: 200, answer: officerFinesPageSchema }),
  analytics: endpoint({ method: 'GET', path: '/fines/analytics/overview', query: analyticsQuerySchema, status: 200, answer: fineAnalyticsSchema }),
  search: endpoint({ method: 'GET', path: '/fines/search', query: fineSearchQuerySchema, status: 200, answer: fineListResponseSchema }),
  history: endpoint({ method: 'GET', path: '/fines/history', query: fineHistoryQuerySchema, status: 200, answer: fineHistoryPageSchema }),
  initiatePayment: endpoint({
    method: 'POST',
    path: '/fines/:id/initiate-payment',
    params: fineIdParamsSchema,
    body: initiatePaymentRequestSchema,
    status: 200,
    answer: initiatePaymentResponseSchema,
  }),
  markPaid: endpoint({
    method: 'POST',
    path: '/fines/:id/mark-paid',
    params: fineIdParamsSchema,
    body: markPaidRequestSchema,
    status: 200,
    answer: fineSchema,
  }),
};

/** The sandbox checkout is public: the long random session id is the key. */
export const sandboxCheckoutEndpoints = {
  session: endpoint({
    method: 'GET',
    path: '/payments/sandbox/sessions/:sessionId',
    params: sandboxSessionParamsSchema,
    status: 200,
    answer: sandboxSessionSchema,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/payments/sandbox/sessions/:sessionId/pay',
    params: sandboxSessionParamsSchema,
    body: sandboxPayRequestSchema,
    status: 200,
    answer: redirectResponseSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/payments/sandbox/sessions/:sessionId/cancel',
    params: sandboxSessionParamsSchema,
    body: sandboxCancelRequestSchema,
    status: 200,
    answer: redirectResponseSchema,
  }),
};
