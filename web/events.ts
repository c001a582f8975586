import type { ApiClient } from './api.js';
import { ApiFailure } from './api.js';

/** What a `snapshot` event says. */
export interface SnapshotEvent {
  readonly designSystem: string;
  readonly seq: number;
  readonly commit: string | null;
  readonly lastUpdated: string;
}

/** What a `change` event says of a change request this server wrote (docs/change-requests.md, "Live"). */
export interface ChangeRequestEvent {
  readonly designSystem: string;
  readonly id: string;
  readonly action: 'open' | 'update' | 'approve' | 'close' | 'merge';
  readonly state: 'open' | 'approved' | 'merged' | 'closed';
  readonly title: string;
  readonly head: string;
}

export interface EventHandlers {
  onSnapshot(event: SnapshotEvent): void;
  /** A change request was opened, updated, approved, closed or merged. */
  onChange?(event: ChangeRequestEvent): void;
  /** The stream is open (true) or being re-opened (false). */
  onConnection(open: boolean): void;
  /** The server ended the stream for good (`event: error`, or a 4xx when reconnecting). */
  onFatal(failure: ApiFailure): void;
}

const RETRY_MS = [500, 1000, 2000, 5000, 10000];

/**
 * Follows `GET /api/v1/events` with `fetch` and a stream reader (EventSource cannot send the key in a header),
 * reconnecting with backoff. Returns the function that stops it.
 */
export function followEvents(api: ApiClient, designSystem: string | undefined, handlers: EventHandlers): () => void {
  const controller = new AbortController();
  let attempt = 0;

  const dispatch = (block: string): boolean => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return true;
    const payload = JSON.parse(data.join('\n')) as unknown;
    if (event === 'snapshot') handlers.onSnapshot(payload as SnapshotEvent);
    if (event === 'change') handlers.onChange?.(payload as ChangeRequestEvent);
    if (event === 'error') {
      const error = (payload as { error?: { code?: string; message?: string } }).error;
      handlers.onFatal(new ApiFailure(401, error?.code ?? 'unknown', error?.message ?? 'The event stream ended.'));
      return false;
    }
    return true;
  };

  const run = async (): Promise<void> => {
    while (!controller.signal.aborted) {
      try {
        const response = await api.events({ designSystem }, controller.signal);
        attempt = 0;
        handlers.onConnection(true);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const blocks = buffer.split(/\r?\n\r?\n/);
          buffer = blocks.pop() ?? '';
          for (const block of blocks) {
            if (!dispatch(block)) {
              controller.abort();
              return;
            }
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiFailure && error.status >= 400 && error.status < 500 && error.status !== 429) {
          handlers.onFatal(error);
          return;
        }
      }
      if (controller.signal.aborted) return;
      handlers.onConnection(false);
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] as number;
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };
  void run();
  return () => controller.abort();
}
