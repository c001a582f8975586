import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyOperations } from '../../src/changes/apply-operations.js';
import type { ChangeOperation } from '../../src/changes/operations.js';
import type { CompileResult } from '../../src/compile/compile-design-system.js';
import type { CompiledDesignSystem, Token } from '../../src/compile/types.js';
import { compileSourceTexts, createIncrementalCompiler } from '../../src/state/compile-batch.js';

// The incremental compile (the change worker's) against the full one: for random edits of every example design
// system and of a generated 10,000-token one, the diagnostics, every token with its resolved values per mode, the
// contrast checks and the content hash are the same.
const generator = '../../bench/generate.mjs';
const { createRandom, generateDesignSystem } = (await import(generator)) as {
  createRandom: (seed: number) => () => number;
  generateDesignSystem: (options: { slug: string; tokens: number }) => { files: Map<string, string> };
};

const EXAMPLES = join(import.meta.dirname, '../../design-systems');

function exampleFiles(slug: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.yaml')) files.set(relative(EXAMPLES, path), readFileSync(path, 'utf8'));
    }
  };
  walk(join(EXAMPLES, slug));
  return files;
}

const listOf = (files: ReadonlyMap<string, string>) => [...files].map(([path, text]) => ({ path, text }));

/** One random operation on `system`'s tokens: mostly the edits a designer makes, some that fail or change the keys. */
function randomOperation(system: CompiledDesignSystem, random: () => number): ChangeOperation {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const token = pick(system.tokens);
  const sameType = system.tokens.filter((other) => other.type === token.type && other.key !== token.key);
  const mode = pick(system.modes).name;
  const roll = random();
  if (roll < 0.2) return { op: 'set-description', token: token.key, description: random() < 0.8 ? `Edited ${roll}` : null };
  if (roll < 0.3) {
    const replacement = pick(sameType)?.key;
    const deprecated =
      random() < 0.3 ? null : random() < 0.5 || replacement === undefined ? `Old ${roll}` : { message: 'Moved', replacement };
    return { op: 'set-deprecation', token: token.key, deprecated };
  }
  if (roll < 0.55 && sameType.length > 0) return { op: 'set-value', token: token.key, mode, fields: { ref: pick(sameType).key } };
  if (roll < 0.8 && sameType.length > 0) {
    const { darkStep: _darkStep, ...fields } = pick(sameType).value as Record<string, unknown>;
    return { op: 'set-value', token: token.key, mode, fields: fields as never };
  }
  if (roll < 0.84) return { op: 'set-value', token: token.key, mode, fields: mode === 'light' ? { ref: 'no.such.token' } : null };
  if (roll < 0.88) return { op: 'rename-token', token: token.key, to: `${token.key}Renamed` };
  if (roll < 0.91) return { op: 'delete-token', token: token.key };
  const scale = system.scales[0];
  if (roll < 0.95 && scale !== undefined)
    return { op: 'set-scale-step', scale: scale.key, step: scale.steps[0]?.step ?? 0, mode, color: '#123456' };
  return { op: 'set-value', token: token.key, mode: 'light', fields: token.value };
}

/** What must be the same: the diagnostics, the tokens (values as written and resolved per mode), contrast, hash. */
function comparable({ system, diagnostics }: CompileResult) {
  if (system === undefined) return { diagnostics };
  return { diagnostics, system: { ...system, tokens: new Map(system.tokens.map((token) => [token.key, token])) } };
}

/** The content hash as written before it was hashed piece by piece: `JSON.stringify` of the content, `resolved` left out. */
function wholeContentHash(system: CompiledDesignSystem): string {
  const { contentHash: _hash, contrastChecks: _checks, ...content } = system;
  const written = { ...content, tokens: system.tokens.map(({ resolved: _resolved, ...token }: Token) => token) };
  return createHash('sha256').update(JSON.stringify(written)).digest('hex');
}

function runEdits(slug: string, base: Map<string, string>, rounds: number, seed: number) {
  const random = createRandom(seed);
  const compile = createIncrementalCompiler();
  const first = compile(slug, listOf(base));
  expect(first.how).toBe('full');
  const baseSystem = first.result.system;
  if (baseSystem === undefined) throw new Error(`${slug} does not compile`);
  expect(baseSystem.contentHash).toBe(wholeContentHash(baseSystem));
  const how = { unchanged: 0, incremental: 0, full: 0, refused: 0, errors: 0 };
  let current = { files: base, system: baseSystem };
  for (let round = 0; round < rounds; round++) {
    // Half the edits start from the base (change requests on one tip), half from the last edit that compiled.
    const from = random() < 0.5 ? { files: base, system: baseSystem } : current;
    const count = random() < 0.6 ? 1 : 2 + Math.floor(random() * 4);
    const operations = Array.from({ length: count }, () => randomOperation(from.system, random));
    const applied = applyOperations(slug, from.files, operations);
    if ('problems' in applied) {
      how.refused++;
      continue;
    }
    const incremental = compile(slug, listOf(applied.files));
    const full = compileSourceTexts(slug, listOf(applied.files));
    expect(comparable(incremental.result), `round ${round}: ${JSON.stringify(operations)}`).toEqual(comparable(full));
    how[incremental.how]++;
    const { system } = incremental.result;
    if (system === undefined) how.errors++;
    else {
      expect(system.contentHash).toBe(wholeContentHash(system));
      current = { files: new Map(applied.files), system };
    }
  }
  return how;
}

describe('the incremental compile', () => {
  // acme-docs keeps its tokens and its contrast section in one file: every edit of it is a full compile.
  it.each([
    ['acme', 40],
    ['harbor', 40],
    ['acme-docs', 0],
  ])('gives the full compile’s result for random edits of %s', (slug, incremental) => {
    const how = runEdits(slug, exampleFiles(slug), 150, slug.length * 7919);
    // Most edits are compiled incrementally; some are structural or have errors (a full compile).
    expect(how.incremental).toBeGreaterThanOrEqual(incremental);
    expect(how.full).toBeGreaterThan(5);
    expect(how.errors).toBeGreaterThan(0);
  });

  it('gives the full compile’s result for random edits of a 10,000-token design system', () => {
    const { files } = generateDesignSystem({ slug: 'ds-000', tokens: 10_000 });
    const how = runEdits('ds-000', files, 12, 37);
    expect(how.incremental).toBeGreaterThan(4);
  }, 120_000);
});
