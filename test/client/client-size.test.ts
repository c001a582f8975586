import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR } from './harness.js';

describe('the client package size', () => {
  it('stays a few kB minified and gzipped (printed here)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(CLIENT_DIR, 'scripts', 'size.mjs'), '--json']);
    const sizes = JSON.parse(stdout) as Record<'index' | 'react' | 'server', { minified: number; gzipped: number }>;
    console.log(`client size (minified / gzipped): ${JSON.stringify(sizes)}`);
    expect(sizes.index.gzipped).toBeLessThan(4_096);
    expect(sizes.react.gzipped).toBeLessThan(1_024);
    expect(sizes.server.gzipped).toBeLessThan(2_048);
  });
});
