import { execFile } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startServer } from '../../src/serve.js';
import type { RunningServer } from '../../src/serve.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { keysYaml } from '../source/fixture-repo.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLIENT_DIR = join(ROOT, 'packages', 'client');

/** The design system the client tests follow: a spacing and two colours with dark values. */
export function clientFixtureFiles(spaceA = 16, fg = '#1F2328'): Record<string, string> {
  return {
    'keys.yaml': keysYaml(),
    'design-systems/alpha/system.yaml': 'name: Alpha\nid: alpha\n',
    'design-systems/alpha/tokens/space.yaml': `tokens:\n  space:\n    a: { type: spacing, value: ${spaceA} }\n`,
    'design-systems/alpha/tokens/color.yaml': colorYaml(fg),
  };
}

export function colorYaml(fg: string): string {
  return (
    'tokens:\n  color:\n' +
    '    bg: { type: color, color: "#FFFFFF", modes: { dark: { color: "#0D1117" } } }\n' +
    `    fg: { type: color, color: "${fg}", modes: { dark: { color: "#F0F6FC" } } }\n`
  );
}

/**
 * Builds the client package with its own tsconfig (what `npm run build` ships) into a folder inside node_modules,
 * so the built modules resolve `react` like an installed package would; returns the folder holding `dist/`.
 */
export async function buildClient(): Promise<{ dist: string; cleanup: () => Promise<void> }> {
  const out = join(ROOT, 'node_modules', '.cache', 'token-server-client-test', `${process.pid}-${Math.random().toString(36).slice(2)}`);
  await mkdir(out, { recursive: true });
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const dist = join(out, 'dist');
  await promisify(execFile)(process.execPath, [tsc, '-p', join(CLIENT_DIR, 'tsconfig.json'), '--outDir', dist], { cwd: ROOT });
  return { dist, cleanup: () => rm(out, { recursive: true, force: true }) };
}

/** A token server on the fixture repository, on a given port (0: a free one), CORS open to `corsOrigins`. */
export function startTokenServer(repo: FixtureRepo, port = 0, corsOrigins: string[] = []): Promise<RunningServer> {
  return startServer(
    { source: repo.source, keys: repo.keys, port, host: '127.0.0.1', logLevel: 'silent', rateLimit: 0, corsOrigins },
    { eventsHeartbeatMs: 500 },
  );
}

export interface Site {
  readonly url: string;
  /** Serves `text` at `path` (an HTML page, a script). */
  page(path: string, text: string): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

/**
 * The app's own origin on loopback: pages set with `page()`, the built client under `/client/`, and, when `apiTarget`
 * gives a URL, `/api/*` forwarded to it as a reverse proxy does (streaming, so the event stream passes through).
 */
export async function startSite(clientDist: string, apiTarget?: () => string): Promise<Site> {
  const pages = new Map<string, string>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (apiTarget !== undefined && path.startsWith('/api/')) return proxy(apiTarget(), req, res);
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    const page = pages.get(path);
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': `${TYPES[extname(path)] ?? 'text/html'}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(page);
      return;
    }
    if (path.startsWith('/client/')) {
      const file = normalize(join(clientDist, path.slice('/client/'.length)));
      if (!file.startsWith(clientDist)) return void res.writeHead(404).end();
      readFile(file).then(
        (body) => {
          res.writeHead(200, { 'content-type': `${TYPES[extname(file)] ?? 'text/plain'}; charset=utf-8`, 'cache-control': 'no-store' });
          res.end(body);
        },
        () => void res.writeHead(404).end(),
      );
      return;
    }
    res.writeHead(404).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    page: (path, text) => void pages.set(path, text),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function proxy(target: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', target);
  const upstream = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    res.flushHeaders();
    answer.pipe(res);
    answer.on('error', () => res.destroy());
  });
  upstream.on('error', () => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"code":"bad_gateway","message":"upstream down"}}');
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}
