import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxCheckoutEndpoints } from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { route } from '../../http/endpoint-route';
import type { PaymentsService } from './payments.service';
import type { SandboxGateway } from './payments.sandbox';

const errors = errorResponses(400, 402, 404, 409, 429, 502);
const tags = ['payments'];

/** The checkout session a request names, as sent: a rate limit's key is worked out before its path is validated. */
function sessionIdAsSent(request: FastifyRequest): string {
  const params: unknown = request.params;
  const sessionId = typeof params === 'object' && params !== null && 'sessionId' in params ? params.sessionId : undefined;
  return String(sessionId).slice(0, 200);
}

/**
 * The sandbox checkout's API (public: a session id is long and random, and is the only key to it).
 * Registered only when the sandbox is the gateway.
 */
export function sandboxRoutes(deps: { sandbox: SandboxGateway; payments: PaymentsService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { sandbox, payments } = deps;
  return async (app) => {
    route(app, sandboxCheckoutEndpoints.session, { tags, summary: 'A sandbox (TEST) checkout session', errors }, async (request) =>
      sandbox.view(request.params.sessionId),
    );

    route(
      app,
      sandboxCheckoutEndpoints.pay,
      {
        tags,
        summary: 'Pay a sandbox session with a test card (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)',
        errors,
        // Card attempts per checkout session, whoever makes them, like a card form's own limit.
        config: { rateLimit: limitedRoute('card-attempts', deps.limits.cardAttempts, (request) => `session:${sessionIdAsSent(request)}`) },
      },
      async (request) => {
        // Paid and fulfilled in one transaction, whether or not the browser comes back.
        const { redirectUrl, outcome } = await sandbox.pay(request.params.sessionId, request.body.card_number, payments.settle);
        await payments.afterSandboxPayment(request.params.sessionId, outcome);
        return { redirect_url: redirectUrl };
      },
    );

    route(app, sandboxCheckoutEndpoints.cancel, { tags, errors }, async (request) => {
      const { redirectUrl } = await sandbox.cancel(request.params.sessionId);
      return { redirect_url: redirectUrl };
    });
  };
}

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so this plugin scope (and only it)
 * reads JSON bodies as raw buffers.
 */
export function stripeWebhookRoutes(deps: { payments: PaymentsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/payments/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (Stripe-Signature checked against STRIPE_WEBHOOK_SECRET)',
          response: { 200: z.object({ received: z.literal(true), type: z.string() }), ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const type = await deps.payments.handleWebhook(raw, typeof signature === 'string' ? signature : undefined);
        return { received: true as const, type };
      },
    );
  };
}
