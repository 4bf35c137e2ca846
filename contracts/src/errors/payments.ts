import type { ModuleErrors } from './entry';

export const paymentErrors = {
  'payments.not_paid': { status: 402, message: 'The payment has not been completed.' },
  'payments.card_declined': { status: 402, message: 'Your card was declined.' },
  'payments.session_not_found': { status: 404, message: 'This checkout session does not exist.' },
  'payments.session_closed': { status: 409, message: 'This checkout session is no longer open.' },
  'payments.already_paid': { status: 409, message: 'This has already been paid. No money was taken.' },
  'payments.refunded': { status: 409, message: 'This had already been paid, so your payment has been refunded.' },
  'payments.gateway_unavailable': { status: 502, message: 'The payment service could not be reached. Please try again.' },
  'payments.invalid_signature': { status: 400, message: 'The webhook signature is missing, invalid or too old.' },
  'payments.webhook_not_configured': { status: 404, message: 'Webhooks are not configured for this payment gateway.' },
} as const satisfies ModuleErrors<'payments'>;
