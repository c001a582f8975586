import type { Server } from 'node:http';
import { DEFAULT_MAX_CONNECTIONS, LIMITS, limitConnectionsPerAddress } from '../http/protections.js';
import type { TrustProxy } from './create-fastify.js';

export interface ConnectionLimits {
  /** Open connections at most (default 10,000). */
  readonly maxConnections?: number;
  /** Open connections per client address (default 256; trusted proxies exempt); 0 turns it off. */
  readonly maxConnectionsPerAddress?: number;
  /** The proxies, exempt from the per-address limit. */
  readonly trustProxy?: TrustProxy;
}

/** Caps the server's open connections, in all and per client address. */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  limitConnectionsPerAddress(server, limits.maxConnectionsPerAddress ?? LIMITS.maxConnectionsPerAddress, limits.trustProxy ?? false);
}
