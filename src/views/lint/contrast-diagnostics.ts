import type { CompiledDesignSystem, ContrastKind, ContrastLevel, Diagnostic, SourcePosition } from '../../compile/types.js';
import type { SourceFileEntries } from '../../compile/yaml/source-entries.js';
import { contrastResults, fontSizeFailures, lengthText } from '../api/contrast.js';

/** The WCAG 2.2 success criterion each kind and level is checked against. */
const CRITERION: Readonly<Record<ContrastKind, Readonly<Record<ContrastLevel, string>>>> = {
  text: { AA: '1.4.3', AAA: '1.4.6' },
  'large-text': { AA: '1.4.3', AAA: '1.4.6' },
  'non-text': { AA: '1.4.11', AAA: '1.4.11' },
};
const KIND_TEXT: Readonly<Record<ContrastKind, string>> = { text: 'text', 'large-text': 'large text', 'non-text': 'non-text UI' };

/**
 * The `contrast` section's checks on a compiled design system, as `validate` reports them: each declared pair that
 * fails in a mode (`contrast-too-low`, at the pair's name, its severity the pair's), and each font size below
 * `minFontSize` per token and mode (`font-size-too-small`, at the token's definition). `files` are the design
 * system's parsed files, which hold the positions.
 */
export function contrastDiagnostics(system: CompiledDesignSystem, files: readonly SourceFileEntries[]): Diagnostic[] {
  const section = files.find((file) => file.contrast !== undefined)?.contrast;
  if (section === undefined) return [];
  const pairPositions = new Map((section.pairs ?? []).map((entry) => [entry.name, entry.pos]));
  const diagnostics: Diagnostic[] = [];
  for (const { pair, modes } of contrastResults(system)) {
    const at = pairPositions.get(pair.name) ?? section.pos;
    for (const [mode, result] of Object.entries(modes)) {
      if (result.pass) continue;
      const message =
        `contrast pair \`${pair.name}\` (\`${pair.foreground}\` on \`${pair.background}\`) is ${result.ratio.toFixed(2)}:1 in mode \`${mode}\`: ` +
        `WCAG 2.2 ${pair.level} needs ${result.required}:1 for ${KIND_TEXT[result.kind]} (${CRITERION[result.kind][pair.level]}); ` +
        `APCA Lc ${result.apca.toFixed(1)} (advice)`;
      diagnostics.push({ ...positionOf(at), rule: 'contrast-too-low', message, severity: pair.severity });
    }
  }
  const failures = fontSizeFailures(system);
  if (failures.length === 0) return diagnostics;
  const tokenPositions = new Map<string, SourcePosition>();
  for (const file of files) for (const token of file.tokens) if (!tokenPositions.has(token.key)) tokenPositions.set(token.key, token.pos);
  const minimumAt = section.fields['minFontSize']?.pos ?? section.pos;
  for (const { token, mode, size, minimum } of failures) {
    const at = tokenPositions.get(token);
    if (at === undefined) continue;
    const message =
      `\`${token}\` is ${lengthText(size)} in mode \`${mode}\`, below the minimum font size ${lengthText(minimum)} ` +
      `(\`minFontSize\` at ${minimumAt.file}:${minimumAt.line}:${minimumAt.column})`;
    diagnostics.push({ ...positionOf(at), rule: 'font-size-too-small', message, severity: 'error' });
  }
  return diagnostics;
}

function positionOf({ file, line, column }: SourcePosition): SourcePosition {
  return { file, line, column };
}
