import {
  accountSessionListSchema,
  accountSessionParamsSchema,
  closeAccountRequestSchema,
  closeAccountResponseSchema,
  endedSessionsSchema,
  myDataExportSchema,
} from '../account';
import { endpoint } from './define';

/** The signed-in person's own account: their live sessions (any role), and a citizen's data and closure. */
export const accountEndpoints = {
  sessions: endpoint({ method: 'GET', path: '/me/sessions', status: 200, answer: accountSessionListSchema }),
  endSession: endpoint({ method: 'DELETE', path: '/me/sessions/:id', params: accountSessionParamsSchema, status: 200, answer: endedSessionsSchema }),
  endOtherSessions: endpoint({ method: 'POST', path: '/me/sessions/end-others', status: 200, answer: endedSessionsSchema }),
  /** A JSON download (Content-Disposition: attachment) of the citizen's own records. */
  exportMyData: endpoint({ method: 'GET', path: '/me/export', status: 200, answer: myDataExportSchema }),
  close: endpoint({ method: 'POST', path: '/me/close', body: closeAccountRequestSchema, status: 200, answer: closeAccountResponseSchema }),
};
