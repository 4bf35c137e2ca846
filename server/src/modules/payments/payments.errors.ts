import { DomainError } from '../../http/domain-error';

export const notPaid = () =>
  new DomainError('payments.not_paid', 402, 'The payment has not been completed.');

export const cardDeclined = () =>
  new DomainError('payments.card_declined', 402, 'Your card was declined.');

export const sessionNotFound = () =>
  new DomainError('payments.session_not_found', 404, 'This checkout session does not exist.');

export const sessionClosed = () =>
  new DomainError('payments.session_closed', 409, 'This checkout session is no longer open.');

export const gatewayUnavailable = () =>
  new DomainError('payments.gateway_unavailable', 502, 'The payment service could not be reached. Please try again.');

export const invalidSignature = () =>
  new DomainError('payments.invalid_signature', 400, 'The webhook signature is missing, invalid or too old.');

export const webhookNotConfigured = () =>
  new DomainError('payments.webhook_not_configured', 404, 'Webhooks are not configured for this payment gateway.');
