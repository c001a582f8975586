import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { startOnce } from '../../src/source/start-once.js';

describe('startOnce', () => {
  it('shares one piece of work per key, keeps what resolved, and forgets what rejected so the next call starts again', async () => {
    const cache = new LRUCache<string, Promise<string>>({ max: 10 });
    const started: string[] = [];
    const start = (key: string, fail: boolean) => () => {
      started.push(key);
      return fail ? Promise.reject(new Error(`${key} failed`)) : Promise.resolve(`${key} read`);
    };
    const [a, b] = [startOnce(cache, 'tip', start('tip', false)), startOnce(cache, 'tip', start('tip', false))];
    expect(a).toBe(b);
    expect(await a).toBe('tip read');
    expect(await startOnce(cache, 'tip', start('tip', true))).toBe('tip read');
    await expect(startOnce(cache, 'gone', start('gone', true))).rejects.toThrow('gone failed');
    expect(cache.has('gone')).toBe(false);
    expect(await startOnce(cache, 'gone', start('gone', false))).toBe('gone read');
    expect(started).toEqual(['tip', 'gone', 'gone']);
  });
});
