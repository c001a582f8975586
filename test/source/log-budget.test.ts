import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogBudget } from '../../src/source/log-budget.js';
import type { Unlogged } from '../../src/source/log-budget.js';

describe('createLogBudget: at most N lines per window, the rest counted in one summary', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the first 3 lines of a window through, counts the rest by kind, and summarizes once at its end', () => {
    const summaries: Unlogged<'a' | 'b'>[] = [];
    const budget = createLogBudget<'a' | 'b'>({ perWindow: 3, windowMs: 1_000, summarize: (unlogged) => summaries.push(unlogged) });
    const taken = ['a', 'b', 'a', 'a', 'b', 'a'].map((kind) => budget.take(kind as 'a' | 'b'));
    expect(taken).toEqual([true, true, true, false, false, false]);
    vi.advanceTimersByTime(999);
    expect(summaries).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(summaries).toEqual([{ a: 2, b: 1 }]);
    // A new window: lines again, and no summary when nothing was left out.
    expect([budget.take('b'), budget.take('b')]).toEqual([true, true]);
    vi.advanceTimersByTime(5_000);
    expect(summaries).toEqual([{ a: 2, b: 1 }]);
    budget.take('a');
    budget.close();
    vi.advanceTimersByTime(5_000);
    expect(summaries).toHaveLength(1);
  });
});
