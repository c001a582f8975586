import type { Scale, ScaleStep } from '../compile/types.js';

/**
 * At most this many tokens (or scale steps), and this many values (tokens × modes), in one slice of a design system
 * crossing between threads. The receiving thread reads one slice per turn of its event loop, where the whole result
 * of the largest design system (980 tokens in 102 modes) took 30-40 ms in one go, and more on a busy machine, during
 * which no request was answered. A slice of 8,192 values (80 tokens of 102 modes, with a contrast section's colors)
 * still took 48-59 ms to read on a quiet machine (`bench/hardening.mjs` contrast-cap, `/healthz` p99 56-65 ms): half
 * of that now.
 */
export const HANDOFF_SLICE_TOKENS = 256;
export const HANDOFF_SLICE_VALUES = 4_096;

/** How many tokens, or scale steps, of a design system with `modes` modes go in one slice. */
export function handoffSliceSize(modes: number): number {
  return Math.max(1, Math.min(HANDOFF_SLICE_TOKENS, Math.floor(HANDOFF_SLICE_VALUES / Math.max(1, modes))));
}

/** A run of one scale's steps, in order: a scale crosses threads as one or more runs. */
export interface ScaleRun {
  readonly key: string;
  readonly steps: readonly ScaleStep[];
}

/**
 * The scales as slices of runs, each slice holding at most `perSlice` steps: a step has a color per mode, so 200 steps
 * in 102 modes (20,400 colors) read in one go held the main thread like as many tokens.
 */
export function sliceScales(scales: readonly Scale[], perSlice: number): ScaleRun[][] {
  const slices: ScaleRun[][] = [];
  let slice: ScaleRun[] = [];
  let room = perSlice;
  for (const { key, steps } of scales) {
    for (let start = 0; start < steps.length || (start === 0 && steps.length === 0);) {
      if (room === 0) {
        slices.push(slice);
        slice = [];
        room = perSlice;
      }
      const run = steps.slice(start, start + room);
      slice.push({ key, steps: run });
      room -= Math.max(1, run.length);
      start += Math.max(1, run.length);
    }
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

/** The scales again from their runs, in order (consecutive runs of one key are one scale). */
export function joinScales(runs: Iterable<ScaleRun>): Scale[] {
  const scales: { key: string; steps: ScaleStep[] }[] = [];
  for (const run of runs) {
    const last = scales.at(-1);
    if (last?.key === run.key) last.steps.push(...run.steps);
    else scales.push({ key: run.key, steps: [...run.steps] });
  }
  return scales;
}
