import { FINE_DUE_DAYS, addDays, colomboDate } from '@pes/contracts';

/** Due 14 Colombo calendar days after the day of issue. */
export const dueDateFor = (issuedAt: Date) => addDays(colomboDate(issuedAt), FINE_DUE_DAYS);
