import { createHmac } from 'node:crypto';
import { matchesSecret } from './matches-secret.js';

/**
 * Whether a webhook request proves it knows the shared secret: GitHub's `X-Hub-Signature-256: sha256=<hex HMAC of
 * the raw body>` or GitLab's `X-Gitlab-Token: <secret>`. Compared in constant time.
 */
export function verifyWebhook(secret: string, rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  const signature = headers['x-hub-signature-256'];
  if (typeof signature === 'string' && signature.startsWith('sha256=')) {
    const expected = createHmac('sha256', secret).update(rawBody).digest('hex');
    return matchesSecret(signature.slice('sha256='.length).toLowerCase(), expected);
  }
  const token = headers['x-gitlab-token'];
  if (typeof token === 'string') return matchesSecret(token, secret);
  return false;
}
