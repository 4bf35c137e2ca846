import { apiErrorSchema } from '@pes/contracts';

/** A route's response schemas for the error statuses it can answer: every error has the one body. */
export const errorResponses = <Status extends number>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<Status, typeof apiErrorSchema>;
