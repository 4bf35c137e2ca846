// Types of national-endpoints.mjs for the server's plan test (server/test/query-plans.test.ts), which asks the same endpoints.
import type { NationalSizes, QueryFn } from './national-data.mjs';

export interface Account {
  userId: number;
  username: string;
  code: string;
  rowId: number;
}
export interface EndpointContext {
  citizen: { userId: number; username: string; nic: string };
  fineOfficer: Account & { deepCursor: string };
  crimeOfficer: Account;
  clearanceOfficer: Account;
  [sample: string]: unknown;
}
export type Session = 'citizen' | 'fineOfficer' | 'crimeOfficer' | 'clearanceOfficer' | 'admin';
export interface NationalEndpoint {
  name: string;
  as?: Session;
  method?: 'GET' | 'POST';
  path: (ctx: EndpointContext, k: number) => string;
  body?: (ctx: EndpointContext, k: number) => object;
  deep?: number;
  cursorParam?: string;
  budget?: { p50?: number; p99?: number };
  job?: boolean;
}
export const BUDGET: { p50: number; p99: number };
export const ENDPOINTS: NationalEndpoint[];
export function endpointContext(query: QueryFn, sizes: NationalSizes): Promise<EndpointContext>;
