import { MODE_NAME } from '../../../compile/fields/read-modes.js';
import { wordsOfKey } from '../../../compile/values/key-words.js';
import type { CompiledDesignSystem, DimensionValue, Token, TypedValue } from '../../../compile/types.js';
import { androidComment, androidResourceName, androidString, androidStyleName } from './android-names.js';
import { roundForPlatform, toDensityIndependent } from '../../shared/native-appearance.js';
import { keptFirstMessage, noNameMessage, readChoice, readText } from '../output-format.js';
import type { FormatDiagnostic, FormatQuery, OutputFile } from '../output-format.js';
import { perSystem } from '../../shared/system-memo.js';
import { systemAtBreakpoint, tokensChangingAt } from '../../shared/breakpoint-systems.js';
import { widthInPx } from '../../../compile/fields/read-breakpoints.js';
import { valueAt } from '../../../compile/checked-access.js';

/** The media type of every file of the Android export. */
const XML_TYPE = 'application/xml; charset=utf-8';

/** The query parameters of the Android export. */
export const ANDROID_PARAMETERS = {
  references: {
    type: 'string',
    enum: ['resolve', 'keep'],
    default: 'resolve',
    description:
      '`resolve`: every value resolved (the default). `keep`: a value written as a reference to another token is that token’s resource (`@color/<name>`, `@dimen/<name>`), in a text appearance too.',
  },
  mode: {
    type: 'string',
    maxLength: 64,
    pattern: MODE_NAME.source,
    description: 'One mode’s values only, in `res/values/` (e.g. `light-high-contrast`), and no `res/values-night/`.',
  },
  breakpoint: {
    type: 'string',
    maxLength: 64,
    pattern: MODE_NAME.source,
    description:
      'One breakpoint’s values only (e.g. `md`; `base`: below the first), without `res/values-sw<dp>dp/`, for a design system that declares `breakpoints`.',
  },
} as const;

/** Options of the Android export, in the order of its parameters. */
export type AndroidOptions = { readonly references: 'resolve' | 'keep'; readonly mode?: string; readonly breakpoint?: string };

/** Reads `references`, `mode` and `breakpoint`. */
export function readAndroidOptions(query: FormatQuery): AndroidOptions {
  const references = readChoice(query, 'references', ANDROID_PARAMETERS.references);
  const mode = readText(query, 'mode', ANDROID_PARAMETERS.mode);
  const breakpoint = readText(query, 'breakpoint', ANDROID_PARAMETERS.breakpoint);
  const options = mode === undefined ? { references } : { references, mode };
  // Absent rather than undefined: the options of a request without it are those of today (their cache key with them).
  return breakpoint === undefined ? options : { ...options, breakpoint };
}

/** What a token's resource holds: a color, a length in dp or sp, a float, an integer, a bool, a string, a file, a style. */
type Form = 'color' | 'dp' | 'sp' | 'float' | 'integer' | 'bool' | 'string' | 'interpolator' | 'style';

/** The resource type (`@<type>/<name>`) of each form: dp, sp and floats are all dimens. */
const RESOURCE_TYPE: Readonly<Record<Form, string>> = {
  color: 'color',
  dp: 'dimen',
  sp: 'dimen',
  float: 'dimen',
  integer: 'integer',
  bool: 'bool',
  string: 'string',
  interpolator: 'interpolator',
  style: 'style',
};

/** The file of `res/values*` each form is written to. */
const VALUES_FILE: Readonly<Record<Exclude<Form, 'interpolator'>, string>> = {
  color: 'colors.xml',
  dp: 'dimens.xml',
  sp: 'dimens.xml',
  float: 'dimens.xml',
  integer: 'integers.xml',
  bool: 'bools.xml',
  string: 'strings.xml',
  style: 'styles.xml',
};

/** One token's resource: its form and its name (a style's name for a typography). */
interface AndroidResource {
  readonly token: Token;
  readonly form: Form;
  readonly name: string;
}

/** Every resource of a design system in key order, by token key, and the lint of what is left out. */
interface AndroidPlan {
  readonly resources: readonly AndroidResource[];
  readonly byKey: ReadonlyMap<string, AndroidResource>;
  readonly diagnostics: readonly FormatDiagnostic[];
}

const INTEGER = (value: number): boolean => Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1;

const leftOut = (key: string, what: string, why: string): FormatDiagnostic => ({
  token: key,
  rule: 'android-value-left-out',
  severity: 'warning',
  message: `\`${key}\` ${what}, which ${why}: the Android export leaves it out`,
});

/** A length's problem on Android in `mode` (a unit with no fixed size, a keyword, a list), or undefined when it has a size. */
function lengthProblem(key: string, mode: string, value: TypedValue): FormatDiagnostic | undefined {
  if (value.kind === 'dimension')
    return toDensityIndependent(value) === undefined
      ? leftOut(key, `is a length in \`${value.unit}\` (mode \`${mode}\`)`, 'has no size on Android')
      : undefined;
  if (value.kind === 'keyword') return leftOut(key, `is the keyword \`${value.keyword}\` (mode \`${mode}\`)`, 'has no size on Android');
  if (value.kind === 'lengths') return leftOut(key, `is a list of lengths (mode \`${mode}\`)`, 'no Android dimension holds');
  return leftOut(key, `is not a length (mode \`${mode}\`)`, 'no Android dimension holds');
}

/**
 * The form of a token's resource, the same in every mode (a resource's type cannot change with the configuration),
 * a diagnostic when its value has none, or undefined for the types Android has no value resource for (shadows,
 * borders, gradients, transitions, stroke styles).
 */
function formOf(system: CompiledDesignSystem, token: Token): Form | FormatDiagnostic | undefined {
  const values = system.modes.map(({ name }) => [name, valueAt(token.resolved, name)] as const);
  const numbers = (): number[] =>
    values.map(([, value]) => ('value' in value && typeof value.value === 'number' ? value.value : Number.NaN));
  const lengths = (form: 'dp' | 'sp'): Form | FormatDiagnostic => {
    for (const [mode, value] of values) {
      const problem = lengthProblem(token.key, mode, value);
      if (problem !== undefined) return problem;
    }
    return form;
  };
  switch (token.type) {
    case 'color':
      return 'color';
    case 'boolean':
      return 'bool';
    case 'font.family':
    case 'keyword':
      return 'string';
    case 'easing':
      return 'interpolator';
    case 'opacity':
      return 'float';
    case 'font.weight':
    case 'z-index':
    case 'duration':
      return numbers().every(INTEGER) ? 'integer' : 'float';
    case 'dimension':
    case 'spacing':
    case 'radius':
      return lengths('dp');
    case 'font.size':
      return lengths('sp');
    case 'font.letterSpacing':
      // Android's own letter spacing is in ems: an em letter spacing is a float Android takes as it is.
      return values.every(([, value]) => value.kind === 'dimension' && value.unit === 'em') ? 'float' : lengths('sp');
    case 'font.lineHeight':
      return values.every(([, value]) => value.kind === 'number') ? 'float' : lengths('sp');
    case 'typography':
      for (const [mode, value] of values) {
        if (value.kind === 'typography' && toDensityIndependent(value.fontSize) === undefined)
          return leftOut(token.key, `has a font size in \`${value.fontSize.unit}\` (mode \`${mode}\`)`, 'has no size on Android');
      }
      return 'style';
    default:
      return undefined;
  }
}

/**
 * Every token's Android resource in key order, each name taken by the first token in key order that gets it (a
 * later one is left out with an `android-name-clash` warning), and an `android-value-left-out` warning per token whose
 * value has no Android resource. Worked out once per compiled system.
 */
const planAndroid = perSystem((system: CompiledDesignSystem): AndroidPlan => {
  const resources: AndroidResource[] = [];
  const byKey = new Map<string, AndroidResource>();
  const holders = new Map<string, string>();
  const diagnostics: FormatDiagnostic[] = [];
  for (const token of system.tokens) {
    const form = formOf(system, token);
    if (form === undefined) continue;
    if (typeof form === 'object') {
      diagnostics.push(form);
      continue;
    }
    if (wordsOfKey(token.key) === '') {
      diagnostics.push({
        token: token.key,
        rule: 'android-name-clash',
        severity: 'warning',
        message: noNameMessage(token.key, 'resource', 'Android'),
      });
      continue;
    }
    const name = form === 'style' ? androidStyleName(token.key) : androidResourceName(token.key);
    const reference = `@${RESOURCE_TYPE[form]}/${name}`;
    const holder = holders.get(reference);
    if (holder !== undefined) {
      diagnostics.push({
        token: token.key,
        rule: 'android-name-clash',
        severity: 'warning',
        message: keptFirstMessage(token.key, holder, `Android resource \`${reference}\``, 'Android'),
      });
      continue;
    }
    holders.set(reference, token.key);
    const resource = { token, form, name };
    resources.push(resource);
    byKey.set(token.key, resource);
  }
  return { resources, byKey, diagnostics };
});

/** The Android export's lint: tokens on one resource name, and values Android has no resource for. */
export function lintAndroid(system: CompiledDesignSystem): readonly FormatDiagnostic[] {
  return planAndroid(system).diagnostics;
}

/**
 * A token's Android resource as XML names it and as code reads it (`R.<type>.<name>`, a style's dots as `_`), or
 * undefined when the export has no resource for it (a clash or a value left out is in its lint; a shadow, border,
 * gradient, transition or stroke style has no value resource).
 * @example androidSymbolOf(acme, 'color.brand.primary') // { resource: '@color/color_brand_primary', code: 'R.color.color_brand_primary' }
 */
export function androidSymbolOf(
  system: CompiledDesignSystem,
  key: string,
): { readonly resource: string; readonly code: string } | undefined {
  const resource = planAndroid(system).byKey.get(key);
  if (resource === undefined) return undefined;
  const type = RESOURCE_TYPE[resource.form];
  return { resource: `@${type}/${resource.name}`, code: `R.${type}.${resource.name.replaceAll('.', '_')}` };
}

/** A number as a resource writes it: float noise rounded away, never `-0`. */
const numberText = (value: number): string => String(roundForPlatform(value) + 0);

const hex2 = (value: number): string => value.toString(16).toUpperCase().padStart(2, '0');

/** A length in dp or sp: px as is, rem times 16. */
const lengthText = (value: DimensionValue, unit: 'dp' | 'sp'): string => `${numberText(toDensityIndependent(value) ?? 0)}${unit}`;

/** CSS's generic families as Android's system families. */
const GENERIC_FAMILIES: Readonly<Record<string, string>> = {
  'sans-serif': 'sans-serif',
  'system-ui': 'sans-serif',
  'ui-sans-serif': 'sans-serif',
  serif: 'serif',
  'ui-serif': 'serif',
  monospace: 'monospace',
  'ui-monospace': 'monospace',
  cursive: 'cursive',
};

/**
 * The family of a font stack that Android is given (it takes one family and falls back on its own): the first of
 * the stack, a vendor keyword (`-apple-system`) skipped, a CSS generic family as Android's (`ui-monospace`: `monospace`).
 */
function familyOf(families: readonly string[]): string {
  const first = families.find((family) => !family.startsWith('-')) ?? 'sans-serif';
  return Object.hasOwn(GENERIC_FAMILIES, first) ? valueAt(GENERIC_FAMILIES, first) : first;
}

/** The resource a kept reference names in `mode`, when the whole value (or a part) refers to a token of the same form. */
function keptReference(plan: AndroidPlan, key: string | undefined, form: Form): string | undefined {
  const target = key === undefined ? undefined : plan.byKey.get(key);
  return target !== undefined && target.form === form && form !== 'interpolator' ? `@${RESOURCE_TYPE[form]}/${target.name}` : undefined;
}

/** A simple resource's value in `mode` as its element holds it: a kept reference, or the value converted. */
function valueText(plan: AndroidPlan, resource: AndroidResource, mode: string, options: AndroidOptions): string {
  const { token, form } = resource;
  const references = token.references?.[mode];
  if (options.references === 'keep' && references?.alpha === undefined) {
    const kept = keptReference(plan, references?.ref, form);
    if (kept !== undefined) return kept;
  }
  const value = valueAt(token.resolved, mode);
  switch (value.kind) {
    case 'color': {
      const { red, green, blue, alpha } = value.color;
      return `#${[Math.round(alpha * 255), red, green, blue].map(hex2).join('')}`;
    }
    case 'dimension':
      return form === 'float' ? numberText(value.value) : lengthText(value, form === 'sp' ? 'sp' : 'dp');
    case 'number':
    case 'duration':
      return numberText(value.value);
    case 'boolean':
      return String(value.value);
    case 'fontFamily':
      return androidString(familyOf(value.families));
    case 'keywords':
      return androidString(value.text);
    default:
      throw new Error(`The Android export has no ${form} for a ${value.kind}`);
  }
}

/** The element of a simple resource. */
function elementOf(resource: AndroidResource, text: string): string {
  const { form, name } = resource;
  if (form === 'float') return `<item name="${name}" type="dimen" format="float">${text}</item>`;
  if (form === 'string') return `<string name="${name}" translatable="false">${text}</string>`;
  const element = form === 'dp' || form === 'sp' ? 'dimen' : form;
  return `<${element} name="${name}">${text}</${element}>`;
}

/** The attributes of a text appearance in `mode`, each a value or (`references=keep`) the resource of the part's token. */
function styleItems(plan: AndroidPlan, token: Token, mode: string, options: AndroidOptions): [string, string][] {
  const value = valueAt(token.resolved, mode);
  if (value.kind !== 'typography') throw new Error(`The Android export has no style for a ${value.kind}`);
  const references = token.references?.[mode];
  const part = (name: string, form: Form): string | undefined =>
    options.references === 'keep' && references?.adjusted?.[name] === undefined
      ? keptReference(plan, references?.parts?.[name], form)
      : undefined;
  const size = toDensityIndependent(value.fontSize) ?? 0;
  const omitted = new Set(value.omitted ?? []);
  const items: [string, string][] = [['textSize', part('fontSize', 'sp') ?? `${numberText(size)}sp`]];
  if (!omitted.has('fontFamily'))
    items.push(['fontFamily', part('fontFamily', 'string') ?? androidString(familyOf(value.fontFamily.families))]);
  if (!omitted.has('fontWeight')) {
    const weight = Math.min(1000, Math.max(1, Math.round(value.fontWeight.value)));
    items.push(['textStyle', weight >= 600 ? 'bold' : 'normal']);
    items.push(['textFontWeight', part('fontWeight', 'integer') ?? String(weight)]);
  }
  // Android's letter spacing is in ems: a length is divided by the font size.
  const spacing = value.letterSpacing;
  const ems = spacing.unit === 'em' ? spacing.value : size === 0 ? 0 : (toDensityIndependent(spacing) ?? 0) / size;
  items.push(['letterSpacing', (spacing.unit === 'em' ? part('letterSpacing', 'float') : undefined) ?? numberText(ems)]);
  if (!omitted.has('lineHeight')) {
    const line = value.lineHeight;
    const kept = line.kind === 'dimension' && toDensityIndependent(line) !== undefined ? part('lineHeight', 'sp') : undefined;
    items.push(['lineHeight', kept ?? `${numberText(lineHeightOf(line, size))}sp`]);
  }
  return items;
}

/** A typography's line height in sp: a multiplier, an em or a percentage times the font size; a length as it is. */
function lineHeightOf(line: Extract<TypedValue, { kind: 'typography' }>['lineHeight'], size: number): number {
  if (line.kind === 'number') return line.value * size;
  if (line.unit === 'em') return line.value * size;
  if (line.unit === '%') return (line.value / 100) * size;
  return toDensityIndependent(line) ?? 0;
}

/** The lines of a resource in `mode` inside `<resources>`, indented. */
function resourceLines(plan: AndroidPlan, resource: AndroidResource, mode: string, options: AndroidOptions): string[] {
  if (resource.form !== 'style') return [`    ${elementOf(resource, valueText(plan, resource, mode, options))}`];
  return [
    `    <style name="${resource.name}" parent="android:TextAppearance">`,
    ...styleItems(plan, resource.token, mode, options).map(([name, text]) => `        <item name="android:${name}">${text}</item>`),
    '    </style>',
  ];
}

/** A comment of a token's description and deprecation, or undefined. */
function commentOf(plan: AndroidPlan, token: Token): string | undefined {
  const parts: string[] = [];
  if (token.description !== undefined) parts.push(token.description);
  const deprecated = token.deprecated;
  if (deprecated !== undefined) {
    const replacement = deprecated.replacement === null ? undefined : plan.byKey.get(deprecated.replacement);
    const instead =
      deprecated.replacement === null
        ? ''
        : ` Use ${replacement === undefined ? `\`${deprecated.replacement}\`` : `@${RESOURCE_TYPE[replacement.form]}/${replacement.name}`} instead.`;
    const since = deprecated.since === null ? '' : ` since ${deprecated.since}`;
    const message = deprecated.message === null ? '' : ` ${deprecated.message}`;
    parts.push(message === '' && instead === '' ? `Deprecated${since}.` : `Deprecated${since}:${message}${instead}`);
  }
  return parts.length === 0 ? undefined : androidComment(parts.join(' '));
}

/** One configuration the export writes: its folder qualifier, its mode, the mode it writes differences from. */
interface Configuration {
  /** `''` for `res/values/`, `-night` for `res/values-night/`. */
  readonly qualifier: string;
  readonly mode: string;
  /** The mode of `res/values/`, for a configuration that holds only what differs from it (every color). */
  readonly base?: string;
  readonly header: string;
  /** A breakpoint's configuration: the plan of the system at that breakpoint, and the keys of the tokens it writes. */
  readonly breakpoint?: { readonly plan: AndroidPlan; readonly keys: ReadonlySet<string> };
}

/**
 * Per viewport breakpoint, its configurations: `-sw<dp>dp` (a rem as 16dp) and `-sw<dp>dp-night`, each with every
 * token that changes there in some mode: Android ranks the smallest width above night mode, so a resource in
 * `values-sw768dp/` alone would hide `values-night/`'s on a night device. Container breakpoints have none.
 */
function breakpointConfigurationsOf(system: CompiledDesignSystem, modes: readonly Configuration[]): Configuration[] {
  const changing = tokensChangingAt(system);
  const configurations: Configuration[] = [];
  (system.breakpoints ?? []).forEach((breakpoint, at) => {
    if (breakpoint.container !== null) return;
    const keys = new Set((changing[at] ?? []).map((index) => system.tokens[index]?.key as string));
    if (keys.size === 0) return;
    const dp = Math.round(widthInPx(breakpoint.minWidth));
    const plan = planAndroid(systemAtBreakpoint(system, breakpoint.name));
    for (const { qualifier, mode, header } of modes) {
      configurations.push({
        qualifier: `-sw${dp}dp${qualifier}`,
        mode,
        header: `${header.replace(/, every color and the values that differ from res\/values\//, '')}, at breakpoint ${breakpoint.name} (smallest width ${dp}dp and up), the values that change there`,
        breakpoint: { plan, keys },
      });
    }
  });
  return configurations;
}

/** The configurations for these options: light and night, or one mode alone. */
function configurationsOf(system: CompiledDesignSystem, options: AndroidOptions): Configuration[] {
  const generated = 'Generated by design-token-server; do not edit.';
  const of = `Design tokens of ${system.meta.slug}`;
  if (options.mode !== undefined) return [{ qualifier: '', mode: options.mode, header: `${of}: mode ${options.mode}. ${generated}` }];
  return [
    { qualifier: '', mode: 'light', header: `${of}: light mode. ${generated}` },
    {
      qualifier: '-night',
      mode: 'dark',
      base: 'light',
      header: `${of}: dark mode, every color and the values that differ from res/values/. ${generated}`,
    },
  ];
}

/** Whether a configuration writes a resource: always without a base; else a color always, any other when its text differs. */
function writes(plan: AndroidPlan, resource: AndroidResource, configuration: Configuration, options: AndroidOptions): boolean {
  if (configuration.breakpoint !== undefined) return configuration.breakpoint.keys.has(resource.token.key);
  const { base } = configuration;
  if (base === undefined || resource.form === 'color') return true;
  const text = (mode: string): string => {
    const value = resource.token.resolved[mode];
    if (resource.form === 'interpolator') return value?.kind === 'cubicBezier' ? value.points.map(numberText).join(' ') : '';
    return resourceLines(plan, resource, mode, options).join('\n');
  };
  return text(configuration.mode) !== text(base);
}

/** A `res/values*` file: the resources of its forms that the configuration writes; undefined when it has none. */
function valuesFile(
  basePlan: AndroidPlan,
  configuration: Configuration,
  fileName: string,
  options: AndroidOptions,
): OutputFile | undefined {
  const plan = configuration.breakpoint?.plan ?? basePlan;
  const resources = plan.resources.filter(
    (resource) =>
      resource.form !== 'interpolator' && VALUES_FILE[resource.form] === fileName && writes(plan, resource, configuration, options),
  );
  if (resources.length === 0) return undefined;
  return {
    path: `res/values${configuration.qualifier}/${fileName}`,
    contentType: XML_TYPE,
    render: () => {
      const lines = ['<?xml version="1.0" encoding="utf-8"?>', androidComment(configuration.header), '<resources>'];
      for (const resource of resources) {
        const comment =
          configuration.base === undefined && configuration.breakpoint === undefined ? commentOf(plan, resource.token) : undefined;
        if (comment !== undefined) lines.push(`    ${comment}`);
        lines.push(...resourceLines(plan, resource, configuration.mode, options));
      }
      lines.push('</resources>', '');
      return lines.join('\n');
    },
  };
}

/** An easing's `res/interpolator*` file: a `pathInterpolator` of its cubic Bézier's control points. */
function interpolatorFile(basePlan: AndroidPlan, resource: AndroidResource, configuration: Configuration): OutputFile {
  const plan = configuration.breakpoint?.plan ?? basePlan;
  return {
    path: `res/interpolator${configuration.qualifier}/${resource.name}.xml`,
    contentType: XML_TYPE,
    render: () => {
      const value = valueAt(resource.token.resolved, configuration.mode);
      if (value.kind !== 'cubicBezier') throw new Error(`The Android export has no interpolator for a ${value.kind}`);
      const [x1, y1, x2, y2] = value.points.map(numberText) as [string, string, string, string];
      const comment =
        configuration.base === undefined && configuration.breakpoint === undefined ? commentOf(plan, resource.token) : undefined;
      return [
        '<?xml version="1.0" encoding="utf-8"?>',
        androidComment(configuration.header.replace(/, every color and the values that differ from res\/values\//, '')),
        ...(comment === undefined ? [] : [comment]),
        '<pathInterpolator xmlns:android="http://schemas.android.com/apk/res/android"',
        `    android:controlX1="${x1}"`,
        `    android:controlY1="${y1}"`,
        `    android:controlX2="${x2}"`,
        `    android:controlY2="${y2}" />`,
        '',
      ].join('\n');
    },
  };
}

/** The `res/values*` files, in name order. */
const VALUES_FILES = [...new Set(Object.values(VALUES_FILE))].sort();

/**
 * Android resources under `res/`: `values/` with the light values (or one `mode`'s) and `values-night/` with every
 * color's dark value and each other value that differs in dark: colors as `#AARRGGBB`, lengths in dp and text sizes
 * in sp (`dimens.xml`), floats, integers, bools and font families as their Android types, each typography as a
 * `TextAppearance.Tokens.<Name>` style, each easing as a `pathInterpolator` in `res/interpolator*`. Paths sorted.
 * @example androidFiles(system, { references: 'resolve' })[0].path // 'res/values-night/colors.xml'
 */
export function androidFiles(exported: CompiledDesignSystem, options: AndroidOptions): OutputFile[] {
  const system = options.breakpoint === undefined ? exported : systemAtBreakpoint(exported, options.breakpoint);
  const plan = planAndroid(system);
  const files: OutputFile[] = [];
  const modes = configurationsOf(system, options);
  for (const configuration of [...modes, ...breakpointConfigurationsOf(system, modes)]) {
    for (const fileName of VALUES_FILES) {
      const file = valuesFile(plan, configuration, fileName, options);
      if (file !== undefined) files.push(file);
    }
    for (const resource of (configuration.breakpoint?.plan ?? plan).resources) {
      if (resource.form === 'interpolator' && writes(plan, resource, configuration, options))
        files.push(interpolatorFile(plan, resource, configuration));
    }
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
