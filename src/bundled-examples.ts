import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServeConfig } from './config.js';

/**
 * SHA-256 of the keys this project publishes: the README's demo keys (`dts_demo_key_change_me`, `dts_harbor_demo_key`)
 * and the example keys file's docs-site key (its plain key is in the tests). Anyone can read them, so they only open
 * the bundled examples.
 */
export const PUBLISHED_KEY_SHA256: ReadonlySet<string> = new Set([
  '6d333a3707c0d2cf6cd59ad93e8a86e1a7681f09d0e22266a9cf4dbaa48e7498',
  '807e8881fd81c865bf623893cfd978f3f535305908140d71db0298ca15f352aa',
  '3d4e1fae515fe03f60e11d733e85c83778c3523526b7612ead01e1fb9ff7bcb0',
]);

/** The package's own `design-systems/`: next to the nearest package.json above this module (from dist/ or src/). */
export function findBundledExamples(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return realPath(join(dir, 'design-systems'));
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** True when `serve` reads the bundled example design systems: no remote, and the source is that very folder. */
export function servesBundledExamples(config: Pick<ServeConfig, 'source' | 'remote'>): boolean {
  const bundled = findBundledExamples();
  return config.remote === undefined && bundled !== undefined && realPath(config.source) === bundled;
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
