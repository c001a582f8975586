import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { ApiError } from '../../src/http/errors.js';
import { ExportRenderer, OFF_THREAD_FOLDER_VALUES } from '../../src/http/render-thread.js';
import { countTokenValues } from '../../src/views/formats/export-jobs.js';
import type { ExportJob } from '../../src/views/formats/export-jobs.js';
import type { Rendered } from '../../src/views/shared/rendered.js';
import { compileFiles } from '../helpers/fixtures.js';

// The render workers' queue (docs/security.md "Export renders"): fair across design systems, a deadline counted from
// a render's start, an overrun or a crash failing only its own render. The worker is a stand-in speaking the real
// protocol (test/helpers/render-worker-double.mjs) that waits, hangs or exits as a job's options say, so what is
// asserted is the order and the outcome, never a time.
const DOUBLE = new URL('../helpers/render-worker-double.mjs', import.meta.url);

/** A design system of 501 colors in light and dark: over the values a zip renders on the main thread. */
function systemOf(slug: string): CompiledDesignSystem {
  let tokens = 'tokens:\n';
  for (let index = 0; index <= 500; index++) tokens += `  color.c${index}: { type: color, color: "#102030" }\n`;
  const { system, diagnostics } = compileFiles(slug, [
    [`${slug}/system.yaml`, `name: ${slug}\n`],
    [`${slug}/tokens.yaml`, tokens],
  ]);
  if (system === undefined) throw new Error(JSON.stringify(diagnostics.slice(0, 3)));
  return system;
}
const big = systemOf('big');
const small = systemOf('small');

/** A zip job whose options tell the stand-in worker what to do. */
const job = (options: { tag?: string; wait?: number | 'forever'; exit?: true }): ExportJob =>
  ({ format: 'ios', options, part: { zip: true } }) as unknown as ExportJob;

let renderer: ExportRenderer | undefined;
afterEach(() => renderer?.close());

/** A renderer on the stand-in, its worker started (a first render done) so no start-up time falls in a deadline. */
async function startRenderer(options: { threads?: number; timeoutMs?: number; maxQueuedPerSystem?: number }): Promise<ExportRenderer> {
  const started = new ExportRenderer({ workerUrl: DOUBLE, threads: 1, ...options });
  renderer = started;
  await Promise.all([started.render(big, job({ tag: 'warm' })), started.render(small, job({ tag: 'warm' }))]);
  return started;
}

/** The tags of renders as they finish (or `<tag>: <error>`). */
function finishOrder(): { order: string[]; track: (tag: string, rendered: Rendered | Promise<Rendered>) => Promise<void> } {
  const order: string[] = [];
  return {
    order,
    track: async (tag, rendered) => {
      try {
        order.push((await rendered).body.toString());
      } catch (error) {
        order.push(`${tag}: ${(error as Error).message}`);
      }
    },
  };
}

describe('the render queue', () => {
  it('renders these systems off the main thread', () => {
    expect(countTokenValues(big)).toBeGreaterThan(OFF_THREAD_FOLDER_VALUES);
  });

  it('counts the deadline from when a render starts, not from when it was queued', async () => {
    const renderer = await startRenderer({ timeoutMs: 1_500 });
    const { order, track } = finishOrder();
    // Three renders of 600 ms one after the other: the third ends 1.8 s after all were queued, each within its 1.5 s.
    await Promise.all(['a', 'b', 'c'].map((tag) => track(tag, renderer.render(big, job({ tag, wait: 600 })))));
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('fails only the render that overran; the ones queued behind it render on a new worker', async () => {
    const renderer = await startRenderer({ timeoutMs: 500 });
    const { order, track } = finishOrder();
    await Promise.all([
      track('hung', renderer.render(big, job({ tag: 'hung', wait: 'forever' }))),
      track('other', renderer.render(small, job({ tag: 'other' }))),
      track('next', renderer.render(big, job({ tag: 'next' }))),
    ]);
    expect(order).toEqual(['hung: rendering an export took longer than 500 ms', 'other', 'next']);
  });

  it('fails only the render whose worker crashed', async () => {
    const renderer = await startRenderer({});
    const { order, track } = finishOrder();
    await Promise.all([
      track('crash', renderer.render(big, job({ tag: 'crash', exit: true }))),
      track('other', renderer.render(small, job({ tag: 'other' }))),
      track('next', renderer.render(big, job({ tag: 'next' }))),
    ]);
    expect(order).toEqual(['crash: the render worker exited with code 3', 'other', 'next']);
  });

  it('takes design systems in turn: a small one’s export waits for no more than the render under way', async () => {
    const renderer = await startRenderer({});
    const { order, track } = finishOrder();
    const backlog = ['big 1', 'big 2', 'big 3', 'big 4'].map((tag) => track(tag, renderer.render(big, job({ tag, wait: 50 }))));
    await Promise.all([...backlog, track('small', renderer.render(small, job({ tag: 'small', wait: 50 })))]);
    expect(order).toEqual(['big 1', 'small', 'big 2', 'big 3', 'big 4']);
  });

  it('with two workers, renders one export of each design system at a time, the other worker free for the next one', async () => {
    const renderer = await startRenderer({ threads: 2 });
    const { order, track } = finishOrder();
    const backlog = ['big 1', 'big 2'].map((tag) => track(tag, renderer.render(big, job({ tag, wait: 400 }))));
    await Promise.all([...backlog, track('small', renderer.render(small, job({ tag: 'small' })))]);
    expect(order).toEqual(['small', 'big 1', 'big 2']);
  });

  it('bounds the exports of one design system waiting: past it 503 with Retry-After, other design systems still taken', async () => {
    const renderer = await startRenderer({ maxQueuedPerSystem: 2 });
    const { order, track } = finishOrder();
    const taken = ['big 1', 'big 2', 'big 3'].map((tag) => track(tag, renderer.render(big, job({ tag, wait: 100 }))));
    let refused: unknown;
    try {
      void renderer.render(big, job({ tag: 'big 4' }));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    const { code, statusCode, message, headers } = refused as ApiError;
    expect({ code, statusCode, message, headers }).toEqual({
      code: 'service_unavailable',
      statusCode: 503,
      message: 'Design system `big` has 2 exports waiting to be rendered (the most): retry in a second.',
      headers: { 'retry-after': '1' },
    });
    await Promise.all([...taken, track('small', renderer.render(small, job({ tag: 'small' })))]);
    expect(order).toEqual(['big 1', 'small', 'big 2', 'big 3']);
  });
});
