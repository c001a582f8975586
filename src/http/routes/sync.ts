import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { dataOf, jsonResponse } from '../response-schemas.js';
import { verifyWebhook } from '../webhook-signature.js';

export interface SyncRouteOptions {
  readonly secret: string;
  /** Fetches the remote now; resolves to the commit served afterwards. */
  readonly sync: () => Promise<string | undefined>;
}

/**
 * `POST /api/v1/sync`: a Git host's push webhook asks for an immediate fetch. The body is only read to check the
 * HMAC signature (GitHub `X-Hub-Signature-256`) or token (GitLab `X-Gitlab-Token`); the route does nothing else.
 */
export async function registerSyncRoute(app: FastifyInstance, options: SyncRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    const response = jsonResponse(
      'The remote was fetched; `commit` is the commit served now.',
      dataOf({ type: 'object', additionalProperties: false, required: ['commit'], properties: { commit: { type: ['string', 'null'] } } }),
    );
    scope.post('/api/v1/sync', { config: { public: true }, schema: { response } }, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!verifyWebhook(options.secret, body, request.headers)) {
        throw new ApiError('unauthorized', 'Missing or wrong webhook signature (X-Hub-Signature-256 or X-Gitlab-Token).');
      }
      const commit = await options.sync();
      return reply.code(200).send({ data: { commit: commit ?? null } });
    });
  });
}
