import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileDesignSystem } from '../../src/compile/compile-design-system.js';
import type { CompileResult } from '../../src/compile/compile-design-system.js';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { parseSourceFile } from '../../src/compile/yaml/parse-source-file.js';
import type { SourceEvent } from '../../src/state/events.js';
import { reduce } from '../../src/state/reduce.js';
import { createEmptySnapshot } from '../../src/state/snapshot.js';
import type { Snapshot } from '../../src/state/snapshot.js';

/** Absolute path of `test/fixtures/<name>`. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** The example content shipped with the project (`design-systems/`, `keys.yaml`). */
export const EXAMPLE_SOURCE = fileURLToPath(new URL('../../design-systems', import.meta.url));
export const EXAMPLE_KEYS = fileURLToPath(new URL('../../keys.yaml', import.meta.url));

/** Every YAML file below `dir`, as [relative `/` path, text], sorted by path. */
export async function readYamlFiles(dir: string): Promise<[string, string][]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
  return Promise.all(paths.map(async (path): Promise<[string, string]> => [path, await readFile(join(dir, path), 'utf8')]));
}

/** Compiles the design system `<slug>/` from [path, text] pairs, in the order given. */
export function compileFiles(slug: string, files: readonly (readonly [string, string])[]): CompileResult {
  const systemPath = `${slug}/system.yaml`;
  const systemText = files.find(([path]) => path === systemPath)?.[1];
  return compileDesignSystem({
    slug,
    systemPath,
    systemFile: systemText === undefined ? undefined : parseSourceFile(systemPath, systemText, true),
    files: files
      .filter(([path]) => path !== systemPath && path.startsWith(`${slug}/`))
      .map(([path, text]) => parseSourceFile(path, text, false)),
  });
}

/** Compiles the single design system folder of `test/fixtures/<name>/`. */
export async function compileFixture(name: string): Promise<CompileResult> {
  const files = await readYamlFiles(fixturePath(name));
  const slugs = [...new Set(files.map(([path]) => path.split('/')[0] as string))];
  if (slugs.length !== 1) throw new Error(`fixture ${name} must hold exactly one design system folder, has ${slugs.join(', ')}`);
  return compileFiles(slugs[0] as string, files);
}

/** `file/changed` events for every YAML file below `dir`, at time `at`. */
export async function folderEvents(dir: string, at = 0): Promise<SourceEvent[]> {
  return (await readYamlFiles(dir)).map(([path, text]) => ({ type: 'file/changed', path, text, at }));
}

/** A snapshot made by loading `dir` (and optionally a keys text) in one batch. */
export async function loadSnapshot(dir: string, keysText?: string, at = 0): Promise<Snapshot> {
  const events = await folderEvents(dir, at);
  if (keysText !== undefined) events.push({ type: 'keys/changed', path: 'keys.yaml', text: keysText, at });
  return reduce(createEmptySnapshot(), events);
}

/** Compiles one example design system (`design-systems/<slug>`); throws when it does not compile. */
export async function compileExample(slug: string): Promise<CompiledDesignSystem> {
  const files = (await readYamlFiles(EXAMPLE_SOURCE)).filter(([path]) => path.startsWith(`${slug}/`));
  const { system, diagnostics } = compileFiles(slug, files);
  if (system === undefined) throw new Error(`example ${slug} does not compile: ${JSON.stringify(diagnostics)}`);
  return system;
}

/** The compiled kitchen-sink fixture (every value kind). */
export async function compileKitchenSink(): Promise<CompiledDesignSystem> {
  const { system, diagnostics } = await compileFixture('valid');
  if (system === undefined) throw new Error(`kitchen-sink does not compile: ${JSON.stringify(diagnostics)}`);
  return system;
}
