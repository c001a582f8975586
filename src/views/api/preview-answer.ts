import type { PreviewedCheck, PreviewValues } from '../../changes/preview-values.js';
import type { ModeValues, TypedValue } from '../../compile/types.js';
import type { ApiPreviewCheck, ApiPreviewValues } from './api-answers.js';
import { formatCssValue } from '../shared/css-values.js';

/**
 * A change preview's values as the API answers them: each value as CSS text per mode, ratios to 2 decimals.
 * @example previewValuesAnswer(values).tokens[0] // { key: 'color.brand.primary', type: 'color', before: { light: '#2563EB', dark: '#3D74F0' }, after: { light: '#2563EB', dark: '#2B55C4' } }
 */
export function previewValuesAnswer(values: PreviewValues): ApiPreviewValues {
  const texts = (resolved: ModeValues<TypedValue> | null): Record<string, string> | null => {
    if (resolved === null) return null;
    const out: Record<string, string> = {};
    for (const mode of values.modes) {
      const value = resolved[mode];
      if (value !== undefined) out[mode] = formatCssValue(value);
    }
    return out;
  };
  const checks = (byMode: Readonly<Record<string, PreviewedCheck>>): Record<string, ApiPreviewCheck> => {
    const out: Record<string, ApiPreviewCheck> = {};
    for (const mode of values.modes) {
      const check = byMode[mode];
      if (check !== undefined) out[mode] = { ratio: Math.round(check.ratio * 100) / 100 + 0, required: check.required, pass: check.pass };
    }
    return out;
  };
  return {
    modes: values.modes,
    tokens: values.tokens.map((token) => ({ key: token.key, type: token.type, before: texts(token.before), after: texts(token.after) })),
    contrast: values.contrast.map((pair) => ({
      name: pair.name,
      foreground: pair.foreground,
      background: pair.background,
      kind: pair.kind,
      level: pair.level,
      before: pair.before === null ? null : checks(pair.before),
      after: checks(pair.after),
    })),
    omitted: values.omitted,
  };
}
