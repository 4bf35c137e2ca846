import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGNUP_PHOTO_HANDOFF_PHOTO_PATH, signupPhotoEndpoints, signupPhotoHandoffParams } from '@pes/contracts';
import type { RateLimits } from '../../config';
import { clientAddress, limitedRoute } from '../rate-limits/rate-limits.store';
import { errorResponses } from '../../http/error-responses';
import { route } from '../../http/endpoint-route';
import { parseMultipart } from '../../http/multipart';
import type { SignupPhotoService } from './signup-photo.service';

const tags = ['auth'];

/**
 * A signup's live photo taken on a phone: the signup page's handoff (made, followed, shown, let go) and the phone's
 * link (checked, its photo sent). Nobody is signed in; every door is limited per client address.
 */
export function signupPhotoRoutes(deps: { photos: SignupPhotoService; limits: RateLimits }): FastifyPluginAsyncZod {
  const { photos, limits } = deps;
  const make = { rateLimit: limitedRoute('signup-photo', limits.signupPhoto, clientAddress) };
  const phone = { rateLimit: limitedRoute('signup-photo-phone', limits.signupPhoto, clientAddress) };
  const follow = { rateLimit: limitedRoute('signup-photo-follow', limits.signupPhotoFollow, clientAddress) };
  return async (app) => {
    route(
      app,
      signupPhotoEndpoints.createHandoff,
      { tags, summary: 'A link for taking the signup live photo on a phone (valid 10 minutes, one photo)', errors: errorResponses(429), config: make },
      async (_request, reply) => reply.status(201).send(await photos.create()),
    );

    route(
      app,
      signupPhotoEndpoints.handoffStatus,
      { tags, summary: "Whether the phone's photo has arrived (the signup page's handoff key)", errors: errorResponses(400, 404, 410, 429), config: follow },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return photos.status(request.params.handoff);
      },
    );

    route(
      app,
      signupPhotoEndpoints.discardHandoff,
      { tags, summary: 'Lets a handoff go: its link stops working, its photo is deleted', errors: errorResponses(400, 404, 429), config: follow },
      async (request) => {
        await photos.discard(request.params.handoff);
        return { success: true as const, message: 'Discarded' };
      },
    );

    route(
      app,
      signupPhotoEndpoints.link,
      { tags, summary: "The phone's link: still taking a photo?", errors: errorResponses(400, 404, 410, 429), config: phone },
      async (request) => photos.checkLink(request.params.token),
    );

    route(
      app,
      signupPhotoEndpoints.sendPhoto,
      {
        tags,
        summary: "The phone's live photo (multipart: live_photo), once per link",
        errors: errorResponses(400, 404, 410, 413, 415, 429),
        config: phone,
      },
      async (request, reply) => {
        // The link first: a used or expired one is refused before the picture is read and decoded.
        await photos.checkLink(request.params.token);
        const { files } = await parseMultipart(request, signupPhotoEndpoints.sendPhoto.form);
        await photos.receive(request.params.token, files.live_photo!);
        return reply.status(201).send({ received: true as const });
      },
    );

    // The picture itself (not JSON), for the signup page to show: only to the handoff's key, never cached.
    app.get(
      SIGNUP_PHOTO_HANDOFF_PHOTO_PATH,
      { schema: { tags, params: signupPhotoHandoffParams, summary: "The phone's photo, to the signup page that holds the handoff key" }, config: follow },
      async (request, reply) => {
        const { file, content } = await photos.openPhoto(request.params.handoff);
        return reply
          .header('content-type', file.mimeType)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(content);
      },
    );
  };
}
