import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { redirectResponseSchema, sandboxPayRequestSchema, sandboxSessionParamsSchema, sandboxSessionSchema } from '@pes/contracts';
import type { RateLimits } from '../../config';
import { limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import type { PaymentsService } from './payments.service';
import type { SandboxGateway } from './payments.sandbox';

const errors = errorResponses(400, 402, 404, 409, 429, 502);

/**
 * The sandbox checkout's API (public: a session id is long and random, and is the only key to it).
 * Registered only when the sandbox is the gateway.
 */
export function sandboxRoutes(deps: { sandbox: SandboxGateway; payments: PaymentsService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { sandbox, payments } = deps;
  return async (app) => {
    app.get(
      '/payments/sandbox/sessions/:sessionId',
      {
        schema: {
          tags: ['payments'],
          summary: 'A sandbox (TEST) checkout session',
          params: sandboxSessionParamsSchema,
          response: { 200: sandboxSessionSchema, ...errors },
        },
      },
      async (request) => sandbox.view(request.params.sessionId),
    );

    app.post(
      '/payments/sandbox/sessions/:sessionId/pay',
      {
        // Card attempts per checkout session, whoever makes them, like a card form's own limit.
        config: {
          rateLimit: limitedRoute(
            'card-attempts',
            deps.limits.cardAttempts,
            (request) => `session:${String((request.params as { sessionId?: string }).sessionId).slice(0, 200)}`,
          ),
        },
        schema: {
          tags: ['payments'],
          summary: 'Pay a sandbox session with a test card (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)',
          params: sandboxSessionParamsSchema,
          body: sandboxPayRequestSchema,
          response: { 200: redirectResponseSchema, ...errors },
        },
      },
      async (request) => {
        // Paid and fulfilled in one transaction, whether or not the browser comes back.
        const { redirectUrl, outcome } = await sandbox.pay(request.params.sessionId, request.body.card_number, payments.settle);
        await payments.afterSandboxPayment(request.params.sessionId, outcome);
        return { redirect_url: redirectUrl };
      },
    );

    app.post(
      '/payments/sandbox/sessions/:sessionId/cancel',
      {
        schema: {
          tags: ['payments'],
          params: sandboxSessionParamsSchema,
          body: z.object({}).passthrough().optional(),
          response: { 200: redirectResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { redirectUrl } = await sandbox.cancel(request.params.sessionId);
        return { redirect_url: redirectUrl };
      },
    );
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
