/** One server-sent event as `GET /api/v1/events` writes it: its fields by name (`event`, `id`, `data`). */
export type StreamEvent = Readonly<Record<string, string>>;

/**
 * Reads an event stream's body in the background, calling `onEvent` with each event's fields as it arrives (the
 * stream's end or an abort ends the reading quietly).
 */
export function readEventStream(response: Response, onEvent: (event: StreamEvent) => void): void {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        onEvent(Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])));
      }
    }
  })();
}
