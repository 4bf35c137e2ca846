/**
 * Payment paths without zod: the web app's entry (web/src/paths.ts) imports this module alone through the
 * `@pes/contracts/payment-paths` subpath, so the home page's first load does not pull the contracts' schemas.
 */

/** What a payment is for: fines now, clearance fees later. */
export const PAYMENT_PURPOSES = ['fine', 'clearance'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * The web pages the gateway sends the browser back to, per purpose: after paying, and after giving up.
 * Both get the paid-for record's id in `referenceParam`; the success page also gets `session_id`.
 */
export const PAYMENT_RETURN_PATHS = {
  fine: { success: '/fines/success', cancel: '/fines/cancel', referenceParam: 'fineId' },
  clearance: { success: '/clearance/success', cancel: '/clearance/cancel', referenceParam: 'clearance_id' },
} as const satisfies Record<PaymentPurpose, { success: string; cancel: string; referenceParam: string }>;

/** The sandbox gateway's hosted checkout page (the web app's), followed by the session id. */
export const SANDBOX_CHECKOUT_PATH = '/checkout';
