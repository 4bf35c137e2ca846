import { centsToAmount } from './money';

// A module of its own: the clearance information page shows the fee without loading the application's schemas.
/** The application fee, which is also the total: LKR 5,000.00. */
export const CLEARANCE_FEE_CENTS = 500_000;
export const CLEARANCE_FEE_AMOUNT = centsToAmount(CLEARANCE_FEE_CENTS);
