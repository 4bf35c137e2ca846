import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type AuthGuards } from '../../http/authenticate';
import { STORED_FILES_PREFIX, type FilesService } from './files.service';

export function filesRoutes(deps: { guards: AuthGuards; files: FilesService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${STORED_FILES_PREFIX}:path`,
      {
        onRequest: deps.guards.require({ allowCookie: true }),
        schema: { tags: ['files'], params: z.object({ path: z.string().max(64) }), summary: 'An uploaded file, to those who may see its record' },
      },
      async (request, reply) => {
        // Streamed from the storage (disk or bucket) as it is read, never held whole in memory.
        const { file, content } = await deps.files.openForReading(principalOf(request), request.params.path);
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
