import { z } from 'zod';
import { msg } from './messages';
import { requiredText } from './common';
import { PAYMENT_PURPOSES, PAYMENT_RETURN_PATHS, type PaymentPurpose } from './payment-paths';

export { PAYMENT_PURPOSES, PAYMENT_RETURN_PATHS, SANDBOX_CHECKOUT_PATH, type PaymentPurpose } from './payment-paths';

export const CHECKOUT_SESSION_STATUSES = ['open', 'paid', 'canceled', 'expired'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

export const PAYMENT_CURRENCY = 'LKR';

/** Sandbox (TEST) cards, as in Stripe's test mode. Any other valid number is declined. */
export const SANDBOX_CARDS = {
  succeeds: ['4242424242424242', '5555555555554444'],
  declined: '4000000000000002',
} as const;

/** Where the gateway returns the browser for a payment of `purpose` for record `referenceId`. */
export function paymentReturnUrls(purpose: PaymentPurpose, referenceId: string) {
  const paths = PAYMENT_RETURN_PATHS[purpose];
  const reference = `${paths.referenceParam}=${encodeURIComponent(referenceId)}`;
  // {CHECKOUT_SESSION_ID}: the gateway puts the session's id there (Stripe's placeholder, the sandbox's too).
  return { success: `${paths.success}?${reference}&session_id={CHECKOUT_SESSION_ID}`, cancel: `${paths.cancel}?${reference}` };
}

/** Digits only: "4242 4242 4242 4242" → "4242424242424242". */
export const normaliseCardNumber = (value: string) => value.replace(/[\s-]+/g, '');

export function luhnValid(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function cardExpired(expiry: string, now = new Date()) {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!m) return true;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

export const sandboxPayRequestSchema = z.object({
  card_number: z.string(msg('cardNumberInvalid')).transform(normaliseCardNumber).refine(luhnValid, msg('cardNumberInvalid')),
  expiry: z
    .string(msg('cardExpiryFormat'))
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, msg('cardExpiryFormat'))
    .refine((v) => !cardExpired(v), msg('cardExpired')),
  cvc: z
    .string(msg('cardCvcInvalid'))
    .trim()
    .regex(/^\d{3,4}$/, msg('cardCvcInvalid')),
  cardholder_name: requiredText(100, 'cardholderRequired'),
});
export type SandboxPayRequest = z.input<typeof sandboxPayRequestSchema>;

/** Cancelling reads no body: none at all, or any JSON object (what a browser's fetch sends). */
export const sandboxCancelRequestSchema = z.object({}).passthrough().optional();

export const sandboxSessionParamsSchema = z.object({ sessionId: z.string().max(200) });

export const sandboxSessionSchema = z.object({
  id: z.string(),
  /** What is paid for; the page names it in the reader's language. */
  purpose: z.enum(PAYMENT_PURPOSES),
  /** For a fine, its offence type (never the vehicle number or other personal data); null otherwise. */
  violation: z.string().nullable(),
  description: z.string(),
  /** Two decimal places: "2500.00". */
  amount: z.string(),
  currency: z.literal(PAYMENT_CURRENCY),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  test_mode: z.literal(true),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

/** Where the browser goes next (the success or the cancel page). */
export const redirectResponseSchema = z.object({ redirect_url: z.string() });
