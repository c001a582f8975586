import type { CompiledDesignSystem } from '../compile/types.js';
import type { ReferenceHandling } from './css-writer.js';
import { renderCss } from './export-css.js';
import type { CssExportOptions } from './export-css.js';
import { renderDtcgJson } from './export-dtcg-json.js';
import { renderDtcgResolver } from './export-dtcg-resolver.js';
import { renderStrictDtcgJson } from './export-dtcg-strict.js';
import { renderTailwind } from './export-tailwind.js';
import { renderTypeScript } from './export-typescript.js';
import { CSS_TYPE, JSON_TYPE, TEXT_TYPE, toRendered } from './rendered.js';
import type { Rendered } from './rendered.js';

/**
 * One export to render: the format and its parameters, as plain data, so that it can be rendered on this thread or
 * sent to the render worker and rendered there with the same result.
 */
export type ExportJob =
  | { readonly format: 'css'; readonly options: CssExportOptions }
  | { readonly format: 'json' }
  | { readonly format: 'json-2025.10'; readonly references: ReferenceHandling }
  | { readonly format: 'resolver' }
  | { readonly format: 'tailwind'; readonly options: Pick<CssExportOptions, 'theme' | 'darkSelector'> }
  | { readonly format: 'ts' };

/**
 * The body of one export of `system`: its bytes, content type, ETag and digest.
 * @example renderExport(system, { format: 'ts' }) // { body: <Buffer ...>, contentType: 'text/plain; charset=utf-8', etag: '"..."', digest: 'sha-256=:...:' }
 */
export function renderExport(system: CompiledDesignSystem, job: ExportJob): Rendered {
  switch (job.format) {
    case 'css':
      return toRendered(renderCss(system, job.options), CSS_TYPE);
    case 'json':
      return toRendered(renderDtcgJson(system), JSON_TYPE);
    case 'json-2025.10':
      return toRendered(renderStrictDtcgJson(system, job.references), JSON_TYPE);
    case 'resolver':
      return toRendered(renderDtcgResolver(system), JSON_TYPE);
    case 'tailwind':
      return toRendered(renderTailwind(system, job.options), CSS_TYPE);
    case 'ts':
      return toRendered(renderTypeScript(system), TEXT_TYPE);
  }
}

/** How many values an export of `system` writes at most: each token in each mode. */
export function countTokenValues(system: CompiledDesignSystem): number {
  return system.tokens.length * system.modes.length;
}
