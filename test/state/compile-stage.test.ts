import { afterEach, describe, expect, it } from 'vitest';
import { ApplyQueue } from '../../src/state/apply-queue.js';
import { compileBatch, compileSourceTexts } from '../../src/state/compile-batch.js';
import { packCompileResult, unpackCompileResult } from '../../src/state/compile-handoff.js';
import { HANDOFF_SLICE_TOKENS } from '../../src/state/system-slices.js';
import { CompilerThread } from '../../src/state/compiler-thread.js';
import type { SourceEvent } from '../../src/state/events.js';
import { reduce } from '../../src/state/reduce.js';
import { createEmptySnapshot } from '../../src/state/snapshot.js';
import type { Snapshot } from '../../src/state/snapshot.js';
import { SnapshotStore } from '../../src/state/store.js';
import { EXAMPLE_SOURCE, folderEvents } from '../helpers/fixtures.js';

const compilers: CompilerThread[] = [];
afterEach(async () => {
  for (const compiler of compilers.splice(0)) await compiler.close();
});
function startCompiler(options: ConstructorParameters<typeof CompilerThread>[0] = {}): CompilerThread {
  const compiler = new CompilerThread(options);
  compilers.push(compiler);
  return compiler;
}

const SYSTEM = 'name: Alpha\nid: alpha\n';
const tokens = (value: number) => `tokens:\n  space:\n    a: { type: spacing, value: ${value} }\n`;
const save = (path: string, text: string, at: number): SourceEvent => ({ type: 'file/changed', path, text, at });
const served = (snapshot: Snapshot, slug = 'alpha') =>
  snapshot.systems.get(slug)?.compiled?.tokens.map((token) => `${token.key}=${JSON.stringify(token.value)}`);

/** `work`'s result and how many turns the event loop took while it ran (a turn it never yields gives 0 or 1). */
async function withTurnsCounted<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let ticking = true;
  const tick = (): void => {
    turns += 1;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  ticking = false;
  return { value, turns };
}

describe('compile stage (compileBatch and the compile worker)', () => {
  it('give the reducer the very snapshot it computes in place, without parsing on the main thread', async () => {
    const compiler = startCompiler();
    const events = await folderEvents(EXAMPLE_SOURCE, 1_000);
    const empty = createEmptySnapshot();
    const compiled = await compileBatch(empty, events, compiler);
    expect(compiled.filter((event) => event.type === 'system/compiled').map((event) => (event as { slug: string }).slug)).toEqual([
      'acme',
      'acme-docs',
      'harbor',
    ]);
    const offThread = reduce(empty, compiled);
    const inPlace = reduce(empty, events);
    expect([...offThread.systems]).toEqual([...inPlace.systems]);
    expect([...offThread.files.values()].every((file) => file.parsed === undefined)).toBe(true);
    expect(Object.isFrozen(offThread.systems.get('acme')?.compiled?.tokens[0])).toBe(true);
    // A later batch without precomputed results still compiles in place (parsing the files the worker kept).
    const edited = reduce(offThread, [save('acme-docs/system.yaml', 'name: Acme Docs 2\nid: acme-docs\n', 2_000)]);
    expect(edited.systems.get('acme-docs')?.compiled?.meta.name).toBe('Acme Docs 2');
    expect(edited.systems.get('acme')).toBe(offThread.systems.get('acme'));
  });

  it('re-parse in the worker only the files whose text changed, and forget removed ones', async () => {
    const compiler = startCompiler();
    const state = reduce(
      createEmptySnapshot(),
      await compileBatch(createEmptySnapshot(), [save('alpha/system.yaml', SYSTEM, 1), save('alpha/a.yaml', tokens(1), 1)], compiler),
    );
    const next = reduce(
      state,
      await compileBatch(
        state,
        [save('alpha/a.yaml', tokens(2), 2), save('alpha/b.yaml', 'tokens:\n  gap:\n    b: { type: spacing, value: 3 }\n', 2)],
        compiler,
      ),
    );
    expect(served(next)).toEqual(['gap.b={"value":3,"unit":"px"}', 'space.a={"value":2,"unit":"px"}']);
    const removed = reduce(next, await compileBatch(next, [{ type: 'file/removed', path: 'alpha/b.yaml', at: 3 }], compiler));
    expect(served(removed)).toEqual(['space.a={"value":2,"unit":"px"}']);
    expect(compiler.started).toBe(1);
  });

  it('hand back only what changed: unchanged tokens are the very objects already served', async () => {
    const compiler = startCompiler();
    const three = (c: number) =>
      `tokens:\n  space:\n    a: { type: spacing, value: 1 }\n    b: { type: spacing, value: 2 }\n    c: { type: spacing, value: ${c} }\n`;
    const empty = createEmptySnapshot();
    const loaded = reduce(
      empty,
      await compileBatch(empty, [save('alpha/system.yaml', SYSTEM, 1), save('alpha/a.yaml', three(3), 1)], compiler),
    );
    const before = loaded.systems.get('alpha')?.compiled;
    const next = reduce(loaded, await compileBatch(loaded, [save('alpha/a.yaml', three(4), 2)], compiler));
    const after = next.systems.get('alpha')?.compiled;
    expect(served(next)).toEqual(['space.a={"value":1,"unit":"px"}', 'space.b={"value":2,"unit":"px"}', 'space.c={"value":4,"unit":"px"}']);
    expect(after?.tokens[0]).toBe(before?.tokens[0]);
    expect(after?.tokens[1]).toBe(before?.tokens[1]);
    expect(after?.tokens[2]).not.toBe(before?.tokens[2]);
    expect(Object.isFrozen(after?.tokens[2])).toBe(true);
    // A save that changes nothing served keeps the whole system.
    const same = reduce(next, await compileBatch(next, [save('alpha/a.yaml', `# a comment\n${three(4)}`, 3)], compiler));
    expect(same.systems.get('alpha')).toBe(next.systems.get('alpha'));
    // And what the reducer computes in place is the same.
    expect(reduce(loaded, [save('alpha/a.yaml', three(4), 2)]).systems.get('alpha')).toEqual(next.systems.get('alpha'));
  });

  it('unpack a large result in slices of tokens, giving the event loop a turn between slices', async () => {
    const count = HANDOFF_SLICE_TOKENS * 3 + 1;
    let text = 'tokens:\n';
    for (let index = 0; index < count; index++) text += `  space.s${index}: { type: spacing, value: ${index} }\n`;
    const files = [
      { path: 'alpha/system.yaml', text: SYSTEM },
      { path: 'alpha/tokens.yaml', text },
    ];
    const result = compileSourceTexts('alpha', files);
    const packed = packCompileResult(result, undefined);
    expect(packed.kind === 'sliced' && packed.slices.length).toBe(4);
    // Turns the event loop takes while the result is unpacked: one between each two slices.
    const { value: unpacked, turns } = await withTurnsCounted(() => unpackCompileResult(packed, undefined));
    expect(turns).toBeGreaterThanOrEqual(3);
    expect(unpacked).toEqual(result);
    expect(unpacked.system?.tokens.every((token) => Object.isFrozen(token) && Object.isFrozen(token.resolved))).toBe(true);
    // Against the version served, unchanged tokens come back as the very objects served.
    const edited = compileSourceTexts('alpha', [
      files[0] as (typeof files)[0],
      { path: 'alpha/tokens.yaml', text: text.replace('value: 5 }', 'value: 6 }') },
    ]);
    const patch = await unpackCompileResult(packCompileResult(edited, unpacked.system), unpacked.system);
    expect(patch.system?.tokens.filter((token, index) => token !== unpacked.system?.tokens[index]).map((token) => token.key)).toEqual([
      'space.s5',
    ]);
    expect(patch).toEqual(edited);
  });

  it('unpack the scale steps of a system in many modes in slices too, frozen, with a turn of the event loop between slices', async () => {
    // 100 modes (102 with light and dark): 40 steps per slice, so 200 steps in two scales make five slices.
    const modes = Array.from({ length: 100 }, (_, index) => `m${index}`);
    const hex = (step: number, mode: number) => `"#${((step * 977 + mode * 131) % 0xffffff).toString(16).padStart(6, '0')}"`;
    const scale = (name: string, from: number) =>
      `  ${name}:\n${Array.from({ length: 100 }, (_, index) => `    ${from + index}: { ${['light', 'dark', ...modes].map((mode, at) => `${mode}: ${hex(from + index, at)}`).join(', ')} }\n`).join('')}`;
    const files = [
      { path: 'alpha/system.yaml', text: `${SYSTEM}modes:\n${modes.map((mode) => `  ${mode}: { base: light }\n`).join('')}` },
      {
        path: 'alpha/scales.yaml',
        text: `scales:\n${scale('blue', 0)}${scale('red', 100)}tokens:\n  c.a: { type: color, scale: red, step: 150 }\n`,
      },
    ];
    const result = compileSourceTexts('alpha', files);
    expect(result.diagnostics).toEqual([]);
    const packed = packCompileResult(result, undefined);
    expect(packed.kind === 'sliced' && packed.scaleSlices.length).toBe(5);
    expect(packed.kind === 'sliced' && 'scales' in packed.system).toBe(false);
    const { value: unpacked, turns } = await withTurnsCounted(() => unpackCompileResult(packed, undefined));
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(unpacked).toEqual(result);
    expect(unpacked.system?.scales.map((each) => [each.key, each.steps.length])).toEqual([
      ['blue', 100],
      ['red', 100],
    ]);
    const steps = unpacked.system?.scales.flatMap((each) => each.steps) ?? [];
    expect(Object.isFrozen(unpacked.system?.scales) && steps.every((step) => Object.isFrozen(step) && Object.isFrozen(step.colors))).toBe(
      true,
    );
  });

  it('turn a design system past the time limit into one compile-budget error, keep its last good version, then recover', async () => {
    const compiler = startCompiler({ timeoutMs: 200 });
    const loaded = reduce(
      createEmptySnapshot(),
      await compileBatch(createEmptySnapshot(), [save('alpha/system.yaml', SYSTEM, 1), save('alpha/a.yaml', tokens(1), 1)], compiler),
    );
    const lines = ['tokens:', '  huge:'];
    for (let index = 0; index < 25_000; index++) lines.push(`    t${index}: { type: spacing, value: ${index % 97} }`);
    const slow = await compileBatch(
      loaded,
      [save('alpha/huge.yaml', `${lines.join('\n')}\n`, 2), save('beta/system.yaml', 'name: Beta\nid: beta\n', 2)],
      compiler,
    );
    const overrun = reduce(loaded, slow);
    expect(overrun.systems.get('alpha')?.problems).toEqual([
      {
        file: 'alpha/huge.yaml',
        line: 1,
        column: 1,
        rule: 'compile-budget',
        message: 'reading and compiling design system `alpha` was stopped at the time limit of 200 ms; make its files smaller or simpler',
        severity: 'error',
      },
    ]);
    expect(overrun.systems.get('alpha')?.compiled).toBe(loaded.systems.get('alpha')?.compiled);
    // The other design system of the batch was compiled by the replacement worker.
    expect(overrun.systems.get('beta')?.compiled?.meta.name).toBe('Beta');
    expect(compiler.started).toBe(2);
    const fixed = reduce(
      overrun,
      await compileBatch(overrun, [{ type: 'file/removed', path: 'alpha/huge.yaml', at: 3 }, save('alpha/a.yaml', tokens(5), 3)], compiler),
    );
    expect(fixed.systems.get('alpha')?.problems).toEqual([]);
    expect(served(fixed)).toEqual(['space.a={"value":5,"unit":"px"}']);
  });

  it('turn a design system past the memory limit into a compile-budget error naming that limit', async () => {
    const compiler = startCompiler({ memoryMb: 32, timeoutMs: 15_000 });
    const lines = ['tokens:', '  huge:'];
    for (let index = 0; index < 25_000; index++)
      lines.push(
        `    t${index}: { type: spacing, value: ${index % 97}, description: "token number ${index} of a file far too big for 32 MB" }`,
      );
    const text = `${lines.join('\n')}\n`.slice(0, 1_000_000);
    // Four such files: well past 32 MB of heap once parsed, on every Node version (a fresh worker alone needs ~10 MB).
    const huge = [0, 1, 2, 3].map((file) => ({ path: `alpha/huge-${file}.yaml`, text: text.replace('  huge:', `  huge${file}:`) }));
    const outcome = await compiler.compile('alpha', [...huge, { path: 'alpha/system.yaml', text: SYSTEM }]);
    expect(outcome).toEqual({ overrun: 'memory' });
    const after = await compiler.compile('alpha', [{ path: 'alpha/system.yaml', text: SYSTEM }]);
    expect('result' in after && after.result.diagnostics).toEqual([]);
  });
});

describe('ApplyQueue', () => {
  it('apply batches in the order pushed, joining those that wait while one compiles', async () => {
    const store = new SnapshotStore();
    const compiledBatches: number[] = [];
    const applied: number[] = [];
    const queue = new ApplyQueue(store, {
      // The first batch compiles slowly; batches pushed meanwhile wait and are joined.
      compile: async (_state, batch) => {
        compiledBatches.push(batch.length);
        await new Promise((resolve) => setTimeout(resolve, batch.length === 2 ? 100 : 1));
        return batch;
      },
      onApplied: (next) => applied.push(next.seq),
    });
    const first = queue.push([save('alpha/system.yaml', SYSTEM, 1), save('alpha/a.yaml', tokens(1), 1)]);
    const second = queue.push([save('alpha/a.yaml', tokens(2), 2)]);
    const third = queue.push((current) => [save('alpha/a.yaml', tokens((served(current)?.length ?? 0) + 10), 3)]);
    const fourth = queue.push([save('alpha/a.yaml', tokens(3), 4)]);
    await Promise.all([first, second, third, fourth]);
    expect(compiledBatches).toEqual([2, 1, 1, 1]);
    expect(applied).toEqual([1, 2, 3, 4]);
    expect(served(store.current)).toEqual(['space.a={"value":3,"unit":"px"}']);
    expect(store.history.map((snapshot) => served(snapshot))).toEqual([
      ['space.a={"value":11,"unit":"px"}'],
      ['space.a={"value":2,"unit":"px"}'],
      ['space.a={"value":1,"unit":"px"}'],
      undefined,
    ]);
    await queue.idle();
  });

  it('report a failing compile, drop that batch and go on with the next', async () => {
    const store = new SnapshotStore();
    const errors: string[] = [];
    const queue = new ApplyQueue(store, {
      compile: async (_state, batch) => {
        if (batch.some((event) => event.type === 'file/changed' && event.text === 'boom')) throw new Error('worker gone');
        return batch;
      },
      onError: (error, events) => errors.push(`${(error as Error).message} (${events})`),
    });
    await queue.push([save('alpha/a.yaml', 'boom', 1)]);
    await queue.push([save('alpha/system.yaml', SYSTEM, 2)]);
    expect(errors).toEqual(['worker gone (1)']);
    expect(store.current.systems.get('alpha')?.compiled?.meta.name).toBe('Alpha');
  });
});
