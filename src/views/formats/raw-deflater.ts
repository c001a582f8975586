import { constants, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** Writes the raw deflate of `input` into `output` from `at`; `grow` gives the next output space when it is full. */
export interface RawDeflater {
  /** Deflates `input` whole (as `deflateRawSync(input, { level: 9 })` does), writing through `sink`; returns the bytes written. */
  deflate(input: Buffer, sink: DeflateSink): number;
}

/** Where a deflater writes: the free space now, and a call that is told how much of it was used and gives more. */
export interface DeflateSink {
  space(): { readonly buffer: Buffer; readonly at: number };
  used(bytes: number): void;
}

const LEVEL = 9;

/** What a zlib stream holds inside (Node's own since v10): its native handle and the state its `writeSync` fills. */
interface ZlibInternals {
  readonly _handle?: {
    reset(): void;
    writeSync(flush: number, input: Buffer, inOff: number, inLen: number, out: Buffer, outOff: number, outLen: number): void;
  };
  readonly _writeState?: Uint32Array;
}

/**
 * A raw deflater at level 9 that gives exactly the bytes of `deflateRawSync(input, { level: 9 })` for each input.
 * `deflateRawSync` makes a stream and a zlib state (about 256 KB) per call and frees them at the next GC: an asset
 * catalog of 50,000 color sets took 3-8 s and 0.9 GB of RSS in it alone. This one keeps one zlib state and resets
 * it between inputs (zlib's `deflateReset`: the same output as a fresh state), writing straight into the caller's
 * buffers. Where the Node stream does not expose its handle (a future Node), it falls back to `deflateRawSync`.
 */
export function createRawDeflater(): RawDeflater {
  const stream = createDeflateRaw({ level: LEVEL }) as unknown as ZlibInternals & { close(): void };
  const handle = stream._handle;
  const state = stream._writeState;
  if (handle === undefined || typeof handle.writeSync !== 'function' || !(state instanceof Uint32Array)) {
    stream.close();
    return { deflate: fallbackDeflate };
  }
  return {
    deflate(input, sink) {
      handle.reset();
      let inOff = 0;
      let written = 0;
      for (;;) {
        const { buffer, at } = sink.space();
        const room = buffer.byteLength - at;
        handle.writeSync(constants.Z_FINISH, input, inOff, input.byteLength - inOff, buffer, at, room);
        const [outLeft = 0, inLeft = 0] = state;
        sink.used(room - outLeft);
        written += room - outLeft;
        inOff = input.byteLength - inLeft;
        // Z_FINISH with output space left over: the stream is complete.
        if (outLeft !== 0) return written;
      }
    },
  };
}

function fallbackDeflate(input: Buffer, sink: DeflateSink): number {
  const data = deflateRawSync(input, { level: LEVEL });
  let copied = 0;
  while (copied < data.byteLength) {
    const { buffer, at } = sink.space();
    const bytes = data.copy(buffer, at, copied);
    sink.used(bytes);
    copied += bytes;
  }
  return data.byteLength;
}
