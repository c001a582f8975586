import type { CompiledDesignSystem, Rgba, Token } from '../../../compile/types.js';
import { wordsOfSegment } from '../../../compile/values/key-words.js';
import { appearanceOfSlot, nativeModes } from '../../shared/native-appearance.js';
import type { AppearanceSlot } from '../../shared/native-appearance.js';
import { keptFirstMessage, noNameMessage } from '../output-format.js';
import type { FormatDiagnostic, OutputFile } from '../output-format.js';
import { JSON_TYPE, TEXT_TYPE } from '../../shared/rendered.js';
import { colorSetName, swiftDocComment, swiftMemberName, swiftString, swiftTypeName, themeTypeName, wordsOfKey } from './swift-names.js';
import { swiftValueOf, xcodeComponent } from './swift-values.js';
import { IOS_SUPPORT_SWIFT } from './ios-support-swift.js';
import { commentLine } from '../../shared/native-text.js';
import { perSystem } from '../../shared/system-memo.js';
import { BASE_BREAKPOINT } from '../../shared/breakpoint-systems.js';
import {
  describeModeKey,
  modesAtEveryBreakpoint,
  namedModesAtBreakpoints,
  nativeBreakpointsOf,
  withValuesAtBreakpoints,
} from '../../shared/native-breakpoints.js';

/** The folder of the asset catalog and the Swift file beside it. */
const CATALOG = 'Tokens.xcassets';
const SWIFT_FILE = 'Tokens.swift';

/** One token as the iOS export writes it. */
interface IosToken {
  readonly token: Token;
  /** The namespace enums of its key's groups, below `Tokens`. */
  readonly groups: readonly string[];
  /** Its member in its namespace, as written (a keyword in backticks). */
  readonly member: string;
  /** Its property in the themes, as written: the words of the whole key in camelCase. */
  readonly themeMember: string;
  /** Its color set in the catalog (a color token). */
  readonly colorSet: string | undefined;
  /** The Swift type of its value in every mode. */
  readonly type: string;
  /** Its Swift expression per mode, in the order of `system.modes`, then per breakpoint each mode's there. */
  readonly values: readonly string[];
  /** What the doc comment says of its light value beside the description (a weight rounded to iOS's nine). */
  readonly note: string | undefined;
  /** Whether its value differs between modes (or breakpoints): then every theme type has it. */
  readonly themed: boolean;
}

/** What the iOS export writes, and its lint. */
interface IosExport {
  readonly tokens: readonly IosToken[];
  readonly byKey: ReadonlyMap<string, IosToken>;
  readonly diagnostics: readonly FormatDiagnostic[];
}

/** The iOS export of a system, worked out once (its files and its lint share it). */
const iosExportOf = perSystem((system): IosExport => analyse(system));

/** What holds a name in a namespace: a nested namespace, or a token by its key. */
type Holder = { readonly namespace: true } | { readonly key: string };

function analyse(system: CompiledDesignSystem): IosExport {
  const tokens: IosToken[] = [];
  const diagnostics: FormatDiagnostic[] = [];
  const scopes = new Map<string, Map<string, Holder>>();
  const themeMembers = new Map<string, string>();
  const colorSetFolders = new Map<string, { readonly key: string; readonly colorSet: string }>();
  const scopeOf = (path: string): Map<string, Holder> => {
    let scope = scopes.get(path);
    if (scope === undefined) {
      scope = new Map();
      scopes.set(path, scope);
    }
    return scope;
  };
  const warn = (token: string, rule: FormatDiagnostic['rule'], message: string): void => {
    diagnostics.push({ token, rule, severity: 'warning', message });
  };

  for (const token of system.tokens) {
    const converted = convert(system, token);
    if (typeof converted === 'string') {
      warn(token.key, 'ios-value-left-out', `${converted}, so the iOS export leaves the token out`);
      continue;
    }
    // A segment with no letter or digit (`color.-.bg`) names nothing: the Swift path skips it, as the flat names do.
    const segments = token.key.split('.').filter((segment) => wordsOfSegment(segment).length > 0);
    if (segments.length === 0) {
      warn(token.key, 'ios-name-clash', noNameMessage(token.key, 'Swift', 'iOS'));
      continue;
    }
    const groups = segments.slice(0, -1).map(swiftTypeName);
    const member = swiftMemberName(wordsOfKey(segments.at(-1) ?? ''));
    const themeMember = swiftMemberName(wordsOfKey(token.key));
    const swiftPath = ['Tokens', ...groups, member].map(unescaped).join('.');
    // The first holder of a name keeps it: a namespace where a token wants it, or the token that took it first.
    let clash: string | undefined;
    for (let depth = 0; depth <= groups.length && clash === undefined; depth += 1) {
      const name = depth < groups.length ? groups[depth] : member;
      const holder = scopeOf(groups.slice(0, depth).join('.')).get(name ?? '');
      if (holder === undefined || ('namespace' in holder && depth < groups.length)) continue;
      clash =
        'key' in holder
          ? keptFirstMessage(token.key, holder.key, `Swift name \`${swiftPath}\``, 'iOS')
          : `\`${token.key}\` gets the Swift name \`${swiftPath}\`, which is a namespace of other tokens: the iOS export leaves it out`;
    }
    const holderOfTheme = themeMembers.get(themeMember);
    if (clash === undefined && holderOfTheme !== undefined) {
      const what = token.type === 'color' ? `color set \`${colorSetName(token.key)}\`` : `theme property \`${unescaped(themeMember)}\``;
      clash = keptFirstMessage(token.key, holderOfTheme, what, 'iOS');
    }
    // A color set is a folder: on a case-insensitive disk (a Mac's, by default) `AbC.colorset` overwrites `ABc.colorset`.
    const colorSet = token.type === 'color' ? colorSetName(token.key) : undefined;
    const holderOfFolder = colorSet === undefined ? undefined : colorSetFolders.get(colorSet.toLowerCase());
    if (clash === undefined && holderOfFolder !== undefined)
      clash = `\`${token.key}\` and \`${holderOfFolder.key}\` get the color sets \`${colorSet}\` and \`${holderOfFolder.colorSet}\`, one folder on a case-insensitive disk: the iOS export keeps \`${holderOfFolder.key}\` (first in key order) and leaves this one out`;
    if (clash !== undefined) {
      warn(token.key, 'ios-name-clash', clash);
      continue;
    }
    groups.forEach((group, depth) => scopeOf(groups.slice(0, depth).join('.')).set(group, { namespace: true }));
    scopeOf(groups.join('.')).set(member, { key: token.key });
    themeMembers.set(themeMember, token.key);
    if (colorSet !== undefined) colorSetFolders.set(colorSet.toLowerCase(), { key: token.key, colorSet });
    tokens.push({
      token,
      groups,
      member,
      themeMember,
      colorSet,
      ...converted,
    });
  }
  return { tokens, byKey: new Map(tokens.map((entry) => [entry.token.key, entry])), diagnostics };
}

const unescaped = (name: string): string => name.replaceAll('`', '');

/** A token's Swift type and value per mode, or why it has none (the first mode without one). */
function convert(system: CompiledDesignSystem, token: Token): Pick<IosToken, 'type' | 'values' | 'note' | 'themed'> | string {
  const values: string[] = [];
  let type: string | undefined;
  let note: string | undefined;
  // With breakpoints, each mode's value at each breakpoint too (`dark@lg`): a value that changes there is themed.
  const everywhere = withValuesAtBreakpoints(system, token);
  for (const mode of modesAtEveryBreakpoint(system)) {
    const value = swiftValueOf(token, everywhere.resolved[mode] ?? token.resolved.light);
    const where = mode.includes('@') ? describeModeKey(mode) : mode;
    if (value.problem !== undefined) return `\`${token.key}\` is \`${value.problem.written}\` in ${where}: ${value.problem.reason}`;
    if (type === undefined) {
      type = value.type;
      note = value.note;
    } else if (value.type !== type) {
      return `\`${token.key}\` is a \`${type}\` in light and a \`${value.type}\` in ${where}: one Swift property has one type`;
    }
    values.push(value.code);
  }
  return { type: type ?? 'Swift.Never', values, note, themed: new Set(values).size > 1 };
}

/**
 * The iOS export's lint: `ios-value-left-out` for a token iOS has no value for (an `em`, `%` or viewport length, a
 * keyword), `ios-name-clash` for a token whose Swift name or color set another token holds.
 * @example lintIos(acme) // [{ token: 'font.letterSpacing.caps', rule: 'ios-value-left-out', ... }, ...]
 */
export function lintIos(system: CompiledDesignSystem): readonly FormatDiagnostic[] {
  return iosExportOf(system).diagnostics;
}

/**
 * The Swift expression an app writes to read a token (`Tokens.<Group>.<member>`, as Tokens.swift declares it), or
 * undefined when the iOS export leaves the token out (its lint says why).
 * @example iosSymbolOf(acme, 'color.brand.primary') // 'Tokens.Color.Brand.primary'
 */
export function iosSymbolOf(system: CompiledDesignSystem, key: string): string | undefined {
  const entry = iosExportOf(system).byKey.get(key);
  return entry === undefined ? undefined : ['Tokens', ...entry.groups, entry.member].join('.');
}

/**
 * The files of the iOS export, sorted by path: `Tokens.swift`, `Tokens.xcassets/Contents.json` and a color set per
 * color token (`Tokens.xcassets/<Name>.colorset/Contents.json`), each rendered on demand.
 * @example iosFiles(harbor, {}).map((file) => file.path) // ['Tokens.swift', 'Tokens.xcassets/AccentEmphasis.colorset/Contents.json', ...]
 */
export function iosFiles(system: CompiledDesignSystem, _options: Readonly<Record<string, string | undefined>>): OutputFile[] {
  const files: OutputFile[] = [
    { path: SWIFT_FILE, contentType: TEXT_TYPE, render: () => renderTokensSwift(system) },
    { path: `${CATALOG}/Contents.json`, contentType: JSON_TYPE, render: () => xcodeJson({ info: XCODE_INFO }) },
  ];
  for (const entry of iosExportOf(system).tokens) {
    const name = entry.colorSet;
    if (name === undefined) continue;
    files.push({
      path: `${CATALOG}/${name}.colorset/Contents.json`,
      contentType: JSON_TYPE,
      render: () => renderColorSet(system, entry.token),
    });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The `info` Xcode writes in every `Contents.json`. */
const XCODE_INFO = { author: 'xcode', version: 1 };

/**
 * A JSON document as Xcode writes one: keys sorted, two-space indents, `"key" : value`, no final newline (Xcode
 * rewrites a catalog it opens this way, so a regenerated catalog gives no diff).
 */
function xcodeJson(value: unknown): string {
  const sorted = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(sorted);
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, child]) => [key, sorted(child)]));
  };
  // Keys are Xcode's own and color set names are letters and digits: no `": ` inside a string to confuse this.
  return JSON.stringify(sorted(value), null, 2).replace(/^(\s*"[^"]*"): /gm, '$1 : ');
}

/** The appearance entries of a color set: the slot whose mode fills it, and the appearances Xcode writes for it. */
function colorSetSlots(system: CompiledDesignSystem): [string, AppearanceSlot][] {
  const { appearances } = nativeModes(system);
  const slots: [string, AppearanceSlot][] = [
    [appearances.light, 'light'],
    [appearances.dark, 'dark'],
  ];
  // With a high-contrast mode, Xcode's High Contrast has both slots: a scheme without its own takes its standard color.
  if (appearances.lightHighContrast !== undefined || appearances.darkHighContrast !== undefined) {
    slots.push([appearances.lightHighContrast ?? appearances.light, 'lightHighContrast']);
    slots.push([appearances.darkHighContrast ?? appearances.dark, 'darkHighContrast']);
  }
  return slots;
}

/** A color set's `Contents.json`: an sRGB color per appearance, components as Xcode writes them. */
function renderColorSet(system: CompiledDesignSystem, token: Token): string {
  const colors = colorSetSlots(system).map(([mode, slot]) => {
    const { scheme, contrast } = appearanceOfSlot(slot);
    const appearances = [
      ...(scheme === 'dark' ? [{ appearance: 'luminosity', value: 'dark' }] : []),
      ...(contrast === 'high' ? [{ appearance: 'contrast', value: 'high' }] : []),
    ];
    const value = token.resolved[mode] ?? token.resolved.light;
    const rgba: Rgba = value.kind === 'color' ? value.color : { red: 0, green: 0, blue: 0, alpha: 0 };
    return {
      ...(appearances.length === 0 ? {} : { appearances }),
      color: {
        'color-space': 'srgb',
        components: {
          red: xcodeComponent(rgba.red / 255),
          green: xcodeComponent(rgba.green / 255),
          blue: xcodeComponent(rgba.blue / 255),
          alpha: xcodeComponent(rgba.alpha),
        },
      },
      idiom: 'universal',
    };
  });
  return xcodeJson({ colors, info: XCODE_INFO });
}

/**
 * `Tokens.swift`: the namespace `Tokens` (every token's light value; colors from the catalog, following the
 * appearance), the protocol `TokenTheme` with a type per mode of the values that differ, `TokenThemes`, the catalog's
 * bundle and the value structs.
 * @example renderTokensSwift(acme) // '// Design tokens of Acme ...\nimport SwiftUI\n...public enum Tokens {\n  public enum Color {...'
 */
export function renderTokensSwift(system: CompiledDesignSystem): string {
  const { tokens, byKey } = iosExportOf(system);
  const lines = [
    `// Design tokens of ${commentLine(system.meta.name)} (${system.meta.slug}) for iOS. Generated by design-token-server; do not edit.`,
    '// `Tokens.<Group>.<token>`: each token’s light value; a color comes from Tokens.xcassets and follows the appearance',
    '// (dark, increased contrast) by itself. `TokenThemes.<mode>`: the values that differ per mode, for a mode the app',
    '// switches in code. Put Tokens.swift and Tokens.xcassets in the same target.',
    '',
    'import CoreGraphics',
    'import Foundation',
    'import SwiftUI',
    '#if canImport(UIKit)',
    'import UIKit',
    '#endif',
    '',
    'public enum Tokens {',
    ...namespaceLines(tokens, byKey),
    '}',
    '',
    ...uiColorLines(tokens, byKey),
    ...themeLines(system, tokens, byKey),
    IOS_SUPPORT_SWIFT,
  ];
  return lines.join('\n');
}

/** The tree of namespaces: members in key order, then nested namespaces in the order their first token comes. */
interface Namespace {
  readonly members: IosToken[];
  readonly children: Map<string, Namespace>;
}

function namespaceLines(tokens: readonly IosToken[], byKey: ReadonlyMap<string, IosToken>): string[] {
  const root: Namespace = { members: [], children: new Map() };
  for (const entry of tokens) {
    let node = root;
    for (const group of entry.groups) {
      let child = node.children.get(group);
      if (child === undefined) {
        child = { members: [], children: new Map() };
        node.children.set(group, child);
      }
      node = child;
    }
    node.members.push(entry);
  }
  const render = (node: Namespace, indent: string): string[] => {
    const lines: string[] = [];
    for (const entry of node.members) lines.push(...memberLines(entry, indent, byKey));
    for (const [name, child] of node.children) {
      if (lines.length > 0) lines.push('');
      lines.push(`${indent}public enum ${name} {`, ...render(child, `${indent}  `), `${indent}}`);
    }
    return lines;
  };
  return render(root, '  ');
}

/**
 * The UIKit colors: an extension of each namespace with colors, in one `#if canImport(UIKit)` block (Swift takes `#if`
 * between members too, but an extension keeps the namespaces plain to read and to parse).
 */
function uiColorLines(tokens: readonly IosToken[], byKey: ReadonlyMap<string, IosToken>): string[] {
  const byNamespace = new Map<string, IosToken[]>();
  for (const entry of tokens) {
    if (entry.colorSet === undefined) continue;
    const namespace = ['Tokens', ...entry.groups].join('.');
    // Pushed, not copied: a copy per color made Tokens.swift quadratic (50,000 colors in one group: 60 s).
    const entries = byNamespace.get(namespace);
    if (entries === undefined) byNamespace.set(namespace, [entry]);
    else entries.push(entry);
  }
  if (byNamespace.size === 0) return [];
  const lines = ['#if canImport(UIKit)'];
  for (const [namespace, entries] of byNamespace) {
    lines.push(`extension ${namespace} {`);
    for (const entry of entries) {
      const availability = availabilityOf(entry.token, byKey, 'namespace');
      if (availability !== undefined) lines.push(`  ${availability}`);
      const name = `${unescaped(entry.member)}UIColor`;
      lines.push(`  public static var ${name}: UIKit.UIColor { TokenCatalog.uiColor(${swiftString(entry.colorSet ?? '')}) }`);
    }
    lines.push('}', '');
  }
  lines.push('#endif', '');
  return lines;
}

/** A token's doc comment: its description, then the note on its value. */
function docLines(entry: IosToken, indent: string): string[] {
  const lines = entry.token.description === undefined ? [] : swiftDocComment(entry.token.description, indent);
  if (entry.note !== undefined) lines.push(...swiftDocComment(entry.note, indent));
  return lines;
}

function memberLines(entry: IosToken, indent: string, byKey: ReadonlyMap<string, IosToken>): string[] {
  const availability = availabilityOf(entry.token, byKey, 'namespace');
  const value = entry.colorSet === undefined ? entry.values[0] : `TokenCatalog.color(${swiftString(entry.colorSet)})`;
  return [
    ...docLines(entry, indent),
    ...(availability === undefined ? [] : [`${indent}${availability}`]),
    `${indent}public static let ${entry.member}: ${entry.type} = ${value ?? ''}`,
  ];
}

/**
 * `@available(*, deprecated, ...)` of a deprecated token: `renamed:` its replacement's Swift name when the export has
 * it (in a theme: when the themes have it), `message:` its message, when it was deprecated, or the replacement it
 * cannot name.
 */
function availabilityOf(token: Token, byKey: ReadonlyMap<string, IosToken>, where: 'namespace' | 'theme'): string | undefined {
  const deprecation = token.deprecated;
  if (deprecation === undefined) return undefined;
  const replacement = deprecation.replacement === null ? undefined : byKey.get(deprecation.replacement);
  const renamed =
    replacement === undefined
      ? undefined
      : where === 'namespace'
        ? ['Tokens', ...replacement.groups, replacement.member].map(unescaped).join('.')
        : replacement.themed
          ? unescaped(replacement.themeMember)
          : undefined;
  const message = [
    deprecation.message,
    deprecation.since === null ? null : `(Deprecated since ${deprecation.since}.)`,
    deprecation.replacement !== null && renamed === undefined ? `Use ${deprecation.replacement} instead.` : null,
  ].filter((part): part is string => part !== null && part !== '');
  const parts = ['*', 'deprecated'];
  if (renamed !== undefined) parts.push(`renamed: ${swiftString(renamed)}`);
  if (message.length > 0) parts.push(`message: ${swiftString(message.join(' '))}`);
  return `@available(${parts.join(', ')})`;
}

/** The names `TokenThemes` declares besides a member per mode. */
const THEMES_MEMBERS = new Set(['byMode', 'forAppearance']);

/** The member of a mode in `TokenThemes`: its words in camelCase (`_` after a name `TokenThemes` declares itself). */
function themesMemberOf(mode: string, reserved: ReadonlySet<string>): string {
  const name = swiftMemberName(mode.split('-'));
  return reserved.has(name) ? `${name}_` : name;
}

function themeLines(system: CompiledDesignSystem, tokens: readonly IosToken[], byKey: ReadonlyMap<string, IosToken>): string[] {
  const themed = tokens.filter((entry) => entry.themed);
  const lines = [
    '/// The values that differ between modes, one type per mode (`TokenThemes` has an instance of each): colors as sRGB',
    '/// literals, so a mode that is no appearance (a brand, a density, a second dark) is switched in code.',
    'public protocol TokenTheme: Sendable {',
  ];
  for (const entry of themed) {
    lines.push(...docLines(entry, '  '));
    const availability = availabilityOf(entry.token, byKey, 'theme');
    if (availability !== undefined) lines.push(`  ${availability}`);
    lines.push(`  var ${entry.themeMember}: ${entry.type} { get }`);
  }
  lines.push('}', '');
  system.modes.forEach(({ name: mode }, index) => {
    lines.push(
      `/// The \`${mode}\` mode of ${commentLine(system.meta.name)}.`,
      `public struct ${themeTypeName(mode)}: TokenTheme {`,
      '  public init() {}',
    );
    for (const entry of themed) lines.push(`  public let ${entry.themeMember}: ${entry.type} = ${entry.values[index] ?? ''}`);
    lines.push('}', '');
  });
  const atBreakpoints = breakpointThemesOf(system);
  for (const { breakpoint, mode, type, index } of atBreakpoints) {
    lines.push(
      `/// The \`${mode}\` mode of ${commentLine(system.meta.name)} at breakpoint \`${breakpoint}\`.`,
      `public struct ${type}: TokenTheme {`,
      '  public init() {}',
    );
    for (const entry of themed) lines.push(`  public let ${entry.themeMember}: ${entry.type} = ${entry.values[index] ?? ''}`);
    lines.push('}', '');
  }
  const { appearances } = nativeModes(system);
  const reserved = atBreakpoints.length === 0 ? THEMES_MEMBERS : new Set([...THEMES_MEMBERS, ...BREAKPOINT_THEMES_MEMBERS]);
  const themesMember = (mode: string): string => themesMemberOf(mode, reserved);
  const member = (mode: string | undefined, fallback: string): string => themesMember(mode ?? fallback);
  lines.push(
    '/// Every mode’s theme.',
    'public enum TokenThemes {',
    ...system.modes.map(({ name }) => `  public static let ${themesMember(name)} = ${themeTypeName(name)}()`),
    '',
    '  /// Every mode’s theme by its name in system.yaml.',
    '  public static let byMode: [Swift.String: any TokenTheme] = [',
    ...system.modes.map(({ name }) => `    ${swiftString(name)}: ${themesMember(name)},`),
    '  ]',
    '',
    '  /// The theme of the appearance SwiftUI shows (`@Environment(\\.colorScheme)`, `@Environment(\\.colorSchemeContrast)`):',
    '  /// the mode the asset catalog’s colors take for it.',
    '  public static func forAppearance(_ scheme: SwiftUI.ColorScheme, contrast: SwiftUI.ColorSchemeContrast = .standard) -> any TokenTheme {',
    '    switch (scheme, contrast) {',
    `    case (.dark, .increased): return ${member(appearances.darkHighContrast, appearances.dark)}`,
    `    case (.dark, _): return ${member(appearances.dark, 'dark')}`,
    `    case (_, .increased): return ${member(appearances.lightHighContrast, appearances.light)}`,
    `    default: return ${member(appearances.light, 'light')}`,
    '    }',
    '  }',
    ...breakpointThemesLines(system, atBreakpoints),
    '}',
    '',
  );
  return lines;
}

/** The members `TokenThemes` declares besides when the design system declares breakpoints. */
const BREAKPOINT_THEMES_MEMBERS = ['breakpoints', 'byBreakpoint', 'at'];

/** Per breakpoint, each mode's theme type there (`MdDarkTheme`) and the index of its values in an entry's `values`. */
const breakpointThemesOf = perSystem((system) => {
  const taken = new Set(system.modes.map(({ name }) => themeTypeName(name).toLowerCase()));
  const count = system.modes.length;
  const named = namedModesAtBreakpoints(system, (words) => {
    let type = themeTypeName(words);
    while (taken.has(type.toLowerCase())) type = `At${type}`;
    taken.add(type.toLowerCase());
    return type;
  });
  // Values are listed every mode first, then every mode at each breakpoint (modesAtEveryBreakpoint).
  return named.map(({ breakpoint, mode, name }, position) => ({ breakpoint, mode, type: name, index: count + position }));
});

/** `TokenThemes.breakpoints` (name and width in points), `byBreakpoint` and `at(_:width:)`, when there are breakpoints. */
function breakpointThemesLines(system: CompiledDesignSystem, atBreakpoints: ReturnType<typeof breakpointThemesOf>): string[] {
  if (atBreakpoints.length === 0) return [];
  const breakpoints = nativeBreakpointsOf(system);
  return [
    '',
    '  /// The breakpoints, narrowest first: each one’s name and the width in points from which it holds (a rem as 16pt).',
    '  /// Compare the window’s width (`GeometryReader`, or the scene’s bounds), or for a container breakpoint the container’s.',
    '  public static let breakpoints: [(name: Swift.String, width: CGFloat)] = [',
    ...breakpoints.map(({ name, width }) => `    (${swiftString(name)}, ${width}),`),
    '  ]',
    '',
    `  /// Every mode’s theme at each breakpoint, by breakpoint name, then mode name (\`${BASE_BREAKPOINT}\`, below the first: \`byMode\`).`,
    '  public static let byBreakpoint: [Swift.String: [Swift.String: any TokenTheme]] = [',
    `    ${swiftString(BASE_BREAKPOINT)}: byMode,`,
    ...breakpoints.map(
      ({ name }) =>
        `    ${swiftString(name)}: [${atBreakpoints
          .filter(({ breakpoint }) => breakpoint === name)
          .map(({ mode, type }) => `${swiftString(mode)}: ${type}()`)
          .join(', ')}],`,
    ),
    '  ]',
    '',
    '  /// The theme of `mode` at `width`, mobile first: the widest breakpoint at or below it (below the first: `byMode`);',
    '  /// nil for a mode the design system does not have.',
    '  public static func at(_ mode: Swift.String, width: CGFloat) -> (any TokenTheme)? {',
    `    let name = breakpoints.last(where: { width >= $0.width })?.name ?? ${swiftString(BASE_BREAKPOINT)}`,
    '    return byBreakpoint[name]?[mode]',
    '  }',
  ];
}
