/**
 * The container's HEALTHCHECK: exits 0 when `GET /healthz` on the server answers 200, else 1. Plain Node (the slim
 * image has no curl). Reads the port and interface exactly as `serve` does: the same flags (`--port 8080`, any other
 * `serve` flag is accepted and ignored), else PORT and HOST, else the defaults.
 */
import { parseServeConfig } from './config.js';

function healthUrl(args: readonly string[]): string {
  const { port, host } = parseServeConfig(args[0] === 'serve' ? args.slice(1) : args, process.env);
  if (port === 0) throw new Error('--port 0 picks a free port: the health check cannot know it; give the server a fixed port');
  // A server listening on every interface answers on loopback; one bound to an address answers there only.
  const target = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  return `http://${target.includes(':') ? `[${target}]` : target}:${port}/healthz`;
}

let url: string;
try {
  url = healthUrl(process.argv.slice(2));
} catch (error) {
  console.error(`healthcheck: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
fetch(url, { signal: AbortSignal.timeout(4_000) }).then(
  (response) => process.exit(response.status === 200 ? 0 : 1),
  () => process.exit(1),
);
