import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The worker script `fileName` beside the module at `moduleUrl`. Running from the TypeScript sources (the tests), Node
 * cannot start a `.ts` worker: the environment variable `builtVariable` then names the built script (the test setup
 * builds one).
 */
export function siblingWorkerUrl(moduleUrl: string, fileName: string, builtVariable: string): URL {
  const sibling = new URL(`./${fileName}`, moduleUrl);
  if (!moduleUrl.endsWith('.ts') || existsSync(sibling)) return sibling;
  const built = process.env[builtVariable];
  if (built === undefined) throw new Error(`running from TypeScript sources: set ${builtVariable} to a built ${fileName}`);
  return pathToFileURL(built);
}
