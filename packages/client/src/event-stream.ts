// A Server-Sent Events reader on fetch: EventSource cannot send the Authorization header the API needs.
import { errorOf, TokenServerError } from './state.js';

/** How to reconnect: the first delay and the most it grows to (doubling each failure, with jitter). */
export interface ReconnectOptions {
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
}

export interface EventStreamOptions {
  readonly url: string;
  readonly credential: string;
  readonly reconnect?: ReconnectOptions;
  /** No byte for this long (the server sends a heartbeat every 15 s) and the connection is dropped and made again. */
  readonly heartbeatTimeoutMs?: number;
  readonly fetcher?: typeof fetch;
  onOpen(): void;
  onEvent(type: string, data: string): void;
  /** The connection is down; `retryInMs` until the next attempt. */
  onDown(retryInMs: number, error: unknown): void;
  /** The server refused the credential or the design system: no more attempts. */
  onFatal(error: TokenServerError): void;
}

export const DEFAULT_HEARTBEAT_TIMEOUT_MS = 45_000;
export const DEFAULT_RECONNECT = { initialDelayMs: 1_000, maxDelayMs: 30_000 };

/** Statuses that another attempt will not change (a refused key, a design system it may not read, a bad request). */
const FATAL = new Set([400, 401, 403, 404]);

/** Follows the stream at `url` until `close()`, reconnecting after each failure. */
export function followEventStream(options: EventStreamOptions): { close(): void } {
  const initial = options.reconnect?.initialDelayMs ?? DEFAULT_RECONNECT.initialDelayMs;
  const max = options.reconnect?.maxDelayMs ?? DEFAULT_RECONNECT.maxDelayMs;
  const heartbeatMs = options.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS;
  const fetcher = options.fetcher ?? fetch;
  let closed = false;
  let failures = 0;
  let controller: AbortController | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    controller = new AbortController();
    const abort = controller;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = (): void => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => abort.abort(new Error(`no heartbeat for ${heartbeatMs} ms`)), heartbeatMs);
    };
    try {
      arm();
      const response = await fetcher(options.url, {
        headers: { authorization: `Bearer ${options.credential}`, accept: 'text/event-stream' },
        cache: 'no-store',
        signal: abort.signal,
      });
      if (FATAL.has(response.status)) {
        clearTimeout(watchdog);
        options.onFatal(await errorOf(response));
        closed = true;
        return;
      }
      if (!response.ok || response.body === null) throw await errorOf(response);
      options.onOpen();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = createParser((type, data) => {
        failures = 0;
        if (type === 'error') {
          const body = JSON.parse(data) as { error?: { code?: string; message?: string } };
          closed = true;
          abort.abort();
          options.onFatal(new TokenServerError(200, body.error?.code ?? 'error', body.error?.message ?? data));
          return;
        }
        options.onEvent(type, data);
      });
      for (;;) {
        arm();
        const { done, value } = await reader.read();
        if (done || closed) break;
        parser(value);
      }
      throw new Error('the event stream ended');
    } catch (error) {
      if (closed) return;
      const ceiling = Math.min(max, initial * 2 ** failures);
      failures += 1;
      // Half fixed, half random: clients dropped together (a restart) come back spread out, never all at once.
      const delay = Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
      options.onDown(delay, error);
      retry = setTimeout(() => void connect(), delay);
    } finally {
      clearTimeout(watchdog);
    }
  };
  void connect();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      controller?.abort();
    },
  };
}

/**
 * The text/event-stream grammar (HTML's "event stream interpretation"): lines end at CR, LF or CRLF, a blank line
 * dispatches, `:` starts a comment (the heartbeat), `data` lines join with LF. Returns the function to feed text to.
 */
export function createParser(dispatch: (type: string, data: string) => void): (chunk: string) => void {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) dispatch(type === '' ? 'message' : type, data.join('\n'));
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + (text[colon + 1] === ' ' ? 2 : 1));
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.search(/[\r\n]/);
      if (end === -1) return;
      // A CR at the end of the chunk may be the first half of a CRLF: wait for the next chunk.
      if (buffer[end] === '\r' && end === buffer.length - 1) return;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + (buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1));
    }
  };
}
