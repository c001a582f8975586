/**
 * The container's HEALTHCHECK: exits 0 when `GET /healthz` on this machine answers 200, else 1. Plain Node (the slim
 * image has no curl); reads PORT like `serve` does.
 */
const port = process.env['PORT'] ?? '3000';
const timeout = AbortSignal.timeout(4_000);

fetch(`http://127.0.0.1:${port}/healthz`, { signal: timeout }).then(
  (response) => process.exit(response.status === 200 ? 0 : 1),
  () => process.exit(1),
);
