import type { CompiledDesignSystem, Token } from '../../compile/types.js';
import type { Platform, TokenSymbol } from '../../views/formats/output-format.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../views/formats/output-formats.js';
import type { FormatId } from '../../views/formats/output-formats.js';
import { perSystem } from '../../views/shared/system-memo.js';

/**
 * How code uses a token in each output the server has that names it, by format id (each row's `usage`: `css`,
 * `tailwind`, `js`, `scss`, `less` on the web; `compose`, `react-native`, `android`, `ios`, `flutter` in apps); a
 * format that gives it no name is left out.
 */
export type TokenUsage = { readonly [Id in FormatId]?: TokenSymbol } & {
  /** Why each native format that leaves the token out does: its lint's message. Absent when none does. */
  readonly leftOut?: { readonly [Id in FormatId]?: string };
};

/** The formats that name tokens, in the table's order, with their platform. */
const NAMING_FORMATS: readonly (readonly [FormatId, Platform])[] = OUTPUT_FORMAT_IDS.filter(
  (id) => OUTPUT_FORMATS[id].usage !== undefined,
).map((id) => [id, OUTPUT_FORMATS[id].platform]);

/** Each native format's lint message by token key (the first, when one token has several). */
const leftOutMessages = perSystem(
  (system) =>
    new Map(
      NAMING_FORMATS.filter(([, platform]) => platform === 'native').map(([id]) => {
        const messages = new Map<string, string>();
        for (const { token, message } of OUTPUT_FORMATS[id].lint?.(system) ?? []) if (!messages.has(token)) messages.set(token, message);
        return [id, messages] as const;
      }),
    ),
);

/**
 * How to use `token` in each output format, with each format's own naming functions (its row's `usage`): the CSS
 * export's property name, the Tailwind export's theme variable and utilities, the JavaScript module's export, the SCSS
 * and Less variables, and the symbol of each native format; `leftOut` says why a native format has none.
 * @example tokenUsage(acme, colorBrandPrimary) // { css: 'var(--color-brand-primary)', tailwind: { variable: '--color-brand-primary', classes: ['bg-brand-primary', ...] }, js: 'colorBrandPrimary', scss: '$color-brand-primary', less: '@color-brand-primary', compose: 'LocalTokens.current.colorBrandPrimary', ... }
 */
export function tokenUsage(system: CompiledDesignSystem, token: Token): TokenUsage {
  const usage: Partial<Record<FormatId, TokenSymbol>> = {};
  const leftOut: Partial<Record<FormatId, string>> = {};
  for (const [id, platform] of NAMING_FORMATS) {
    const format = OUTPUT_FORMATS[id];
    const symbol = format.usage?.(system, token);
    if (symbol !== undefined) usage[id] = symbol;
    else if (platform === 'native')
      leftOut[id] = leftOutMessages(system).get(id)?.get(token.key) ?? format.leftOutReason?.(token) ?? `The ${id} export leaves it out.`;
  }
  return { ...usage, ...(Object.keys(leftOut).length === 0 ? {} : { leftOut }) };
}
