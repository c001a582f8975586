import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, Logger, parse } from '@terrazzo/parser';
import type { LogEntry, ParseResult, TokenNormalizedSet } from '@terrazzo/parser';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Dimension, Rgba, TypedValue } from '../../src/compile/types.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The official DTCG 2025.10 schemas, vendored from the team's shared folder so the tests need nothing outside the repository. */
export const DTCG_SCHEMA_DIR = resolve(REPO_ROOT, 'test/fixtures/dtcg-2025.10');

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Validators for `format.json` and `resolver.json`, every schema file loaded by its `$id` (no network). Throws when the schemas are missing. */
export function loadDtcgSchemas(): { format: ValidateFunction; resolver: ValidateFunction } {
  if (!existsSync(join(DTCG_SCHEMA_DIR, 'format.json'))) {
    throw new Error(`The DTCG 2025.10 JSON Schemas are missing: expected ${DTCG_SCHEMA_DIR}/format.json (see DEPENDENCIES.md).`);
  }
  const ajv = new Ajv({ allErrors: true, strict: false });
  // ajv-formats is CommonJS: its default export is the plugin function.
  const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
  addFormats(ajv);
  for (const file of schemaFiles(DTCG_SCHEMA_DIR)) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')) as object);
  const get = (id: string): ValidateFunction => {
    const validate = ajv.getSchema(`https://www.designtokens.org/schemas/2025.10/${id}`);
    if (validate === undefined) throw new Error(`schema ${id} not loaded`);
    return validate;
  };
  return { format: get('format.json'), resolver: get('resolver.json') };
}

/** Every message Terrazzo logged at `warn` or `error`, as `severity group: message`. */
class CollectingLogger extends Logger {
  readonly messages: string[] = [];
  override error(...entries: LogEntry[]): void {
    this.messages.push(...entries.map((entry) => `error ${entry.group}: ${entry.message}`));
    super.error(...entries);
  }
  override warn(...entries: LogEntry[]): void {
    this.messages.push(...entries.map((entry) => `warn ${entry.group}: ${entry.message}`));
    super.warn(...entries);
  }
}

/**
 * Parses a DTCG document with Terrazzo's parser in its default (non-legacy) mode with its recommended lint rules,
 * except `core/consistent-naming`, set to our key naming rule (segments of letters, digits, `-` and `_`: key segments
 * come from the designers and mix `letterSpacing` and `z-index`). Returns the tokens and every warning and error.
 */
export async function parseWithTerrazzo(
  document: unknown,
  filename = 'tokens.json',
): Promise<{ result: ParseResult | undefined; messages: string[] }> {
  const logger = new CollectingLogger({ level: 'warn' });
  const cwd = new URL('file:///virtual/');
  const config = defineConfig(
    {
      lint: {
        rules: {
          'core/consistent-naming': [
            'warn',
            { format: (id: string) => !id.split('.').every((segment) => /^[A-Za-z0-9_-]+$/.test(segment)) },
          ],
        },
      },
    },
    { logger, cwd },
  );
  try {
    const result = await parse([{ src: JSON.stringify(document), filename: new URL(filename, cwd) }], { logger, config });
    return { result, messages: logger.messages };
  } catch (error) {
    return { result: undefined, messages: [...logger.messages, `thrown: ${(error as Error).message}`] };
  }
}

const channel = (component: unknown): string =>
  Math.round((component as number) * 255)
    .toString(16)
    .padStart(2, '0')
    .toUpperCase();
const rgb = (color: Record<string, unknown>): [number, number, number] =>
  (color['components'] as number[]).map((component) => Math.round(component * 255)) as [number, number, number];

/**
 * A Terrazzo-normalized token value written the way our CSS and default JSON exports write it: how a consumer of the
 * strict export would print it. Throws on shapes our export never produces.
 */
export function formatTerrazzoValue(type: string, value: unknown): string {
  const dimension = (dim: unknown): string => `${(dim as { value: number }).value}${(dim as { unit: string }).unit}`;
  switch (type) {
    case 'color': {
      const color = value as Record<string, unknown>;
      const alpha = color['alpha'] as number;
      if (color['colorSpace'] !== 'srgb' || !(alpha >= 0 && alpha <= 1)) throw new Error(`unexpected color ${JSON.stringify(value)}`);
      // A translucent color as our exports write it: #RRGGBBAA, the alpha byte rounded from the 4-decimal alpha.
      return `#${(color['components'] as number[]).map(channel).join('')}${alpha === 1 ? '' : channel(alpha)}`;
    }
    case 'dimension':
    case 'duration':
      return dimension(value);
    case 'number':
    case 'fontWeight':
      return String(value);
    case 'fontFamily':
      return (value as string[]).map((name) => (/[\s']/.test(name) ? `'${name}'` : name)).join(', ');
    case 'cubicBezier':
      return `cubic-bezier(${(value as number[]).join(', ')})`;
    case 'shadow':
      return (value as Record<string, unknown>[])
        .map((layer) => {
          const [r, g, b] = rgb(layer['color'] as Record<string, unknown>);
          const lengths = ['offsetX', 'offsetY', 'blur', 'spread'].map((name) => dimension(layer[name])).join(' ');
          return `${layer['inset'] === true ? 'inset ' : ''}${lengths} rgba(${r}, ${g}, ${b}, ${(layer['color'] as { alpha: number }).alpha})`;
        })
        .join(', ');
    default:
      throw new Error(`unexpected type ${type}`);
  }
}

/** Token id -> `formatTerrazzoValue` of its value. */
export function formatTerrazzoTokens(tokens: TokenNormalizedSet): Map<string, string> {
  return new Map(Object.entries(tokens).map(([id, token]) => [id, formatTerrazzoValue(token.$type, token.$value)]));
}

/** A color as four bytes: red, green, blue, and the alpha byte `#RRGGBBAA` writes. */
export type RgbaBytes = [number, number, number, number];

const byteOf = (fraction: number): number => Math.round(fraction * 255);

/** A DTCG sRGB color (`components` 0-1, `alpha` 0-1) as bytes. Throws on another color space. */
export function rgbaBytesOfDtcgColor(value: unknown): RgbaBytes {
  const color = value as { colorSpace?: unknown; components?: unknown; alpha?: unknown };
  if (color.colorSpace !== 'srgb' || !Array.isArray(color.components)) throw new Error(`unexpected color ${JSON.stringify(value)}`);
  const [red, green, blue] = (color.components as number[]).map(byteOf) as [number, number, number];
  return [red, green, blue, byteOf(typeof color.alpha === 'number' ? color.alpha : 1)];
}

/** A color compared by its channels and its alpha, to the 4 decimals the strict export writes. */
interface CanonicalColor {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;
}
const toCanonicalColor = (color: Rgba): CanonicalColor => ({
  red: color.red,
  green: color.green,
  blue: color.blue,
  alpha: Math.round(color.alpha * 10000) / 10000,
});
const toCanonicalDimension = (dimension: Dimension | { value: number; unit: string }): { value: number; unit: string } => ({
  value: dimension.value,
  unit: dimension.unit,
});

/**
 * One of our typed values in a form comparable with {@link canonicalDtcgValue}: a color as channels and alpha, a
 * dimension or duration as value and unit, a number as itself, a shadow as its layers. Throws on what DTCG cannot hold.
 */
export function canonicalTypedValue(value: TypedValue): unknown {
  switch (value.kind) {
    case 'color':
      return toCanonicalColor(value.color);
    case 'dimension':
    case 'duration':
      return toCanonicalDimension(value);
    case 'number':
      return value.value;
    case 'fontFamily':
      return value.families;
    case 'cubicBezier':
      return value.points;
    case 'shadow':
      if (value.layers === null) throw new Error(`unreadable shadow ${value.text}`);
      return value.layers.map((layer) => ({
        color: toCanonicalColor(layer.color),
        offsetX: toCanonicalDimension(layer.offsetX),
        offsetY: toCanonicalDimension(layer.offsetY),
        blur: toCanonicalDimension(layer.blur),
        spread: toCanonicalDimension(layer.spread),
        inset: layer.inset,
      }));
    case 'border':
      return { width: toCanonicalDimension(value.width), style: value.style.style, color: toCanonicalColor(value.color.color) };
    case 'boolean':
      throw new Error('a boolean has no DTCG value');
    default:
      throw new Error(`no canonical form for a ${value.kind} value here`);
  }
}

/** A DTCG value of `type` (as a file holds it or Terrazzo normalizes it) in the form of {@link canonicalTypedValue}. */
export function canonicalDtcgValue(type: string, value: unknown): unknown {
  const colorOf = (color: unknown): CanonicalColor => {
    const [red, green, blue] = rgbaBytesOfDtcgColor(color);
    return { red, green, blue, alpha: (color as { alpha?: number }).alpha ?? 1 };
  };
  switch (type) {
    case 'color':
      return colorOf(value);
    case 'dimension':
    case 'duration':
      return toCanonicalDimension(value as Dimension);
    case 'number':
    case 'fontWeight':
      return value;
    case 'fontFamily':
      return typeof value === 'string' ? [value] : value;
    case 'cubicBezier':
      return value;
    case 'shadow':
      return (Array.isArray(value) ? value : [value]).map((layer: Record<string, unknown>) => ({
        color: colorOf(layer['color']),
        offsetX: toCanonicalDimension(layer['offsetX'] as Dimension),
        offsetY: toCanonicalDimension(layer['offsetY'] as Dimension),
        blur: toCanonicalDimension(layer['blur'] as Dimension),
        spread: toCanonicalDimension(layer['spread'] as Dimension),
        inset: layer['inset'] === true,
      }));
    case 'border': {
      const border = value as Record<string, unknown>;
      return { width: toCanonicalDimension(border['width'] as Dimension), style: border['style'], color: colorOf(border['color']) };
    }
    default:
      throw new Error(`unexpected type ${type}`);
  }
}
