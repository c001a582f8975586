import { describe, expect, it } from 'vitest';
import { encodedVariant } from '../../src/http/compression.js';
import { RenderCache } from '../../src/http/render-cache.js';
import { toRendered, TEXT_TYPE } from '../../src/views/shared/rendered.js';

describe('RenderCache', () => {
  it('renders a key once and serves the same stored bytes afterwards', () => {
    const cache = new RenderCache(1024 * 1024);
    let renders = 0;
    const render = () => {
      renders += 1;
      return toRendered('body', TEXT_TYPE);
    };
    const first = cache.get('hash|css|naming=kebab-case', render);
    const second = cache.get('hash|css|naming=kebab-case', render);
    expect(second).toBe(first);
    expect(renders).toBe(1);
    expect([cache.hits, cache.misses, cache.size]).toEqual([1, 1, 1]);
  });

  it('stays within its byte budget by evicting the least recently used bodies', () => {
    const cache = new RenderCache(3 * (1000 + 1024));
    for (const key of ['a', 'b', 'c', 'd']) void cache.get(key, () => toRendered('x'.repeat(1000), TEXT_TYPE));
    expect(cache.size).toBe(3);
    let rendered = false;
    void cache.get('a', () => {
      rendered = true;
      return toRendered('x'.repeat(1000), TEXT_TYPE);
    });
    expect(rendered).toBe(true);
  });

  it('counts a body’s compressed variants once they are made (off the main thread), and makes each once', async () => {
    const cache = new RenderCache(1024 * 1024);
    const text = Array.from({ length: 2000 }, (_, index) => `--token-${index}: ${index}px;`).join('\n');
    const rendered = await cache.get('k', () => toRendered(text, TEXT_TYPE));
    const before = cache.bytes;
    await cache.encode('k', rendered, 'br');
    await cache.encode('k', rendered, 'gzip');
    const variants = encodedVariant(rendered, 'br').body.byteLength + encodedVariant(rendered, 'gzip').body.byteLength;
    expect(variants).toBeGreaterThan(0);
    expect(cache.bytes).toBe(before + variants);
    expect(cache.encode('k', rendered, 'br')).toBeUndefined();
  });

  it('derives a strong ETag and a Content-Digest from the bytes', () => {
    expect(toRendered('body', TEXT_TYPE)).toEqual({
      body: Buffer.from('body'),
      contentType: 'text/plain; charset=utf-8',
      etag: '"Iw2DWNyOiJC0xY3utikS7i8g"',
      digest: 'sha-256=:Iw2DWNyOiJC0xY3utikS7i8gNXrpKlzIYbmOaP4xrLU=:',
    });
  });
});
