// The browser client: live design tokens applied to the page, kept for the next load, readable as typed values.
import { followEventStream } from './event-stream.js';
import type { ReconnectOptions } from './event-stream.js';
import { apiUrl, fetchState, isTokenState, storageKey, valueIn } from './state.js';
import type { ClientConfig, TokenState, TokenStore } from './state.js';
import { createStyleTarget } from './stylesheet.js';

export { TokenServerError } from './state.js';
export type { ClientConfig, ColorValue, MeasuredValue, StoredToken, TokenState, TokenStore, TokenValue } from './state.js';
export type { ReconnectOptions } from './event-stream.js';

/** The `<script type="application/json">` holding the state a page was rendered with (see `renderTokens`). */
export const STATE_SCRIPT_ID = 'token-server-state';

/** The part of `localStorage` the client uses; `null` keeps nothing. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface ConnectOptions extends ClientConfig {
  /** Where the last good tokens are kept (default `localStorage`); `null`: nowhere. */
  readonly storage?: TokenStorage | null;
  readonly reconnect?: ReconnectOptions;
  /** Reconnect when the stream is silent this long (default 45 s: three missed 15 s heartbeats). */
  readonly heartbeatTimeoutMs?: number;
  /** Called with each failed fetch or refused stream; the last good tokens stay applied. */
  readonly onError?: (error: Error) => void;
  readonly fetch?: typeof fetch;
}

/**
 * `connecting`: no answer yet; `live`: following the event stream; `offline`: the stream is down and being retried;
 * `pinned`: `ref` is set, nothing to follow; `error`: the server refused (see `error`); `closed`: `close()` was called.
 */
export type ClientStatus = 'connecting' | 'live' | 'offline' | 'pinned' | 'error' | 'closed';

/** What `subscribe` callbacks receive. */
export interface TokenChange {
  readonly mode: string;
  readonly state: TokenState | undefined;
}

export interface TokenClient extends TokenStore {
  readonly state: TokenState | undefined;
  readonly status: ClientStatus;
  readonly error: Error | undefined;
  /** Switches to another mode at once: sets `data-theme` on `<html>`; no request, no reload. */
  setMode(mode: string): void;
  /** Asks the server again now (conditional requests: a `304` costs nothing). */
  refresh(): Promise<void>;
  subscribe(listener: (change: TokenChange) => void): () => void;
  /** Stops following; what is applied stays applied. */
  close(): void;
}

/**
 * Connects a page to a design system. Synchronously, before it returns: sets `data-theme`, and applies the tokens
 * the server rendered into the page or, failing that, the last good ones kept in storage, so a reload paints them at
 * once, with the server up or down. Then revalidates them (`If-None-Match`) and, unless `ref` pins a revision,
 * follows `/api/v1/events`, fetching again on each change and on each reconnection (which catches up on everything
 * that changed while away). Works without a DOM too (values only: Node, workers).
 */
export function connect(options: ConnectOptions): TokenClient {
  const doc = typeof document === 'undefined' ? undefined : document;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const key = storageKey(options);
  const listeners = new Set<(change: TokenChange) => void>();
  const apply = doc === undefined ? undefined : createStyleTarget(doc);
  let mode = options.mode;
  let state = renderedState(doc, key) ?? storedState(storage, key);
  const initial = { state, mode };
  let status: ClientStatus = 'connecting';
  let error: Error | undefined;
  let stream: { close(): void } | undefined;

  const notify = (): void => {
    for (const listener of [...listeners]) listener({ mode, state });
  };
  const fail = (reason: unknown): void => {
    error = reason instanceof Error ? reason : new Error(String(reason));
    options.onError?.(error);
  };
  const show = (): void => {
    doc?.documentElement.setAttribute('data-theme', mode);
    if (state !== undefined) apply?.(state.css);
  };

  let running: Promise<void> | undefined;
  let again = false;
  const refresh = (): Promise<void> => {
    // One refresh at a time; a change announced during one is fetched right after it.
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const next = await fetchState(options, state, options.fetch);
          if (status === 'closed') return;
          if (next.css !== state?.css || next.tokens !== state.tokens || next.commit !== state.commit) {
            state = next;
            show();
            save(storage, key, next);
            notify();
          }
        } catch (reason) {
          fail(reason);
        }
      } while (again && status !== 'closed');
    })().finally(() => (running = undefined));
    return running;
  };

  show();
  void refresh();
  if (options.ref !== undefined) status = 'pinned';
  else
    stream = followEventStream({
      url: apiUrl(options, 'events'),
      credential: options.credential,
      reconnect: options.reconnect,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs,
      fetcher: options.fetch,
      onOpen: () => void (status = 'live'),
      // The first event of every connection states where the server is: fetching then is the catch-up.
      onEvent: (type) => void (type === 'snapshot' && refresh()),
      onDown: (_retryInMs, reason) => {
        status = 'offline';
        fail(reason);
      },
      onFatal: (reason) => {
        status = 'error';
        fail(reason);
      },
    });

  return {
    get mode() {
      return mode;
    },
    get state() {
      return state;
    },
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    get: (name) => valueIn(state, mode, name),
    getInitial: (name) => valueIn(initial.state, initial.mode, name),
    setMode(next) {
      if (next === mode) return;
      mode = next;
      show();
      notify();
    },
    refresh,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      status = 'closed';
      stream?.close();
    },
  } satisfies TokenClient;
}

function defaultStorage(): TokenStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A sandboxed frame or blocked cookies: reading `localStorage` throws.
    return null;
  }
}

function storedState(storage: TokenStorage | null, key: string): TokenState | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    return isTokenState(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function save(storage: TokenStorage | null, key: string, state: TokenState): void {
  try {
    storage?.setItem(key, JSON.stringify(state));
  } catch {
    // Over quota or storage refused: the tokens still apply, the next load just starts without them.
  }
}

/** The state a server rendered into the page for this design system, server and ref (see `renderTokens`). */
function renderedState(doc: Document | undefined, key: string): TokenState | undefined {
  const text = doc?.getElementById(STATE_SCRIPT_ID)?.textContent;
  if (text == null) return undefined;
  try {
    const value = JSON.parse(text) as { key?: unknown; state?: unknown };
    return value.key === key && isTokenState(value.state) ? value.state : undefined;
  } catch {
    return undefined;
  }
}
