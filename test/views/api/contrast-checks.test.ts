import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { CompilerThread } from '../../../src/state/compiler-thread.js';
import { SnapshotStore } from '../../../src/state/store.js';
import {
  contrastChecksOf,
  contrastResults,
  fontSizeFailures,
  renderContrast,
  renderContrastParts,
} from '../../../src/views/api/contrast.js';
import { contrastRegressions } from '../../../src/views/diff/contrast-regressions.js';
import { buildContrastRegressionSection, renderDiffMarkdown } from '../../../src/views/diff/diff-markdown.js';
import { compileExample, compileFiles } from '../../helpers/fixtures.js';
import { compileContrastSystem, contrastSystemFiles } from './contrast-fixture.js';

// Issue 36, finding 2: the contrast checks are the compiler's, made once per compiled design system (in the compile
// worker), and every view reads them; the answers are byte for byte what they were when each request checked the
// pairs itself (the digests below were taken from that code).
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const bodyOf = (system: CompiledDesignSystem, partChecks?: number): string =>
  renderContrastParts(system, partChecks)
    .map((part) => part())
    .join('');

/** [slug, digest of the `/contrast` body, digest of `contrastResults` as JSON (ratios unrounded)] */
const EXAMPLES: [string, string, string][] = [
  [
    'acme',
    'd6c71f941f7a31d54d1a5b9d0a5a36fc73ddb41190bec038c1760ea8f2104ed8',
    'd44452dd1dcb438151a3c128d2662a7b07b972fc6ead5f45ba71b1a3137e75b0',
  ],
  [
    'acme-docs',
    '0d44605956d4752a8db26e853ab76ba7a480cd3a91d185f061a45c12b9975170',
    '3fbccdedcdb861a0342f103ff1504d3244a8bedc77943692ae714f98bf0e3121',
  ],
  [
    'harbor',
    '324a4fecf5bef9b5271a914c11e384f18ed1bc99d98fb82434eb4d1a97284740',
    'bb8b23b9f44f674687f4d9404d5af85334730e72b962d21c5756390b44f8910e',
  ],
];

describe('contrast checks, once per compiled design system', () => {
  const compilers: CompilerThread[] = [];
  afterAll(async () => {
    for (const compiler of compilers) await compiler.close();
  });

  it('are made by the compiler: the compiled design system carries them, and the views read that very object', () => {
    const system = compileContrastSystem({ pairs: 30, declaredModes: 3 });
    const checks = system.contrastChecks;
    expect(checks?.ratios).toHaveLength(30 * 5);
    expect(checks?.apca).toHaveLength(30 * 5);
    expect(checks?.kinds).toHaveLength(30 * 5);
    expect(contrastChecksOf(system)).toBe(checks);
    expect(contrastResults(system)).toBe(contrastResults(system));
    // A result is the compiler's number itself, not one measured again.
    expect(contrastResults(system)[7]?.modes['mode-2']?.ratio).toBe(checks?.ratios[7 * 5 + 3]);
    expect(contrastResults(system)[7]?.modes['mode-2']?.apca).toBe(checks?.apca[7 * 5 + 3]);
  });

  it('are made in the compile worker and served from the snapshot as they came', async () => {
    const compiler = new CompilerThread();
    compilers.push(compiler);
    const files = contrastSystemFiles({ pairs: 40, declaredModes: 2 }).map(([path, text]) => ({ path, text }));
    const outcome = await compiler.compile('ds', files);
    const fromWorker = 'result' in outcome ? outcome.result.system : undefined;
    expect(fromWorker?.contrastChecks).toEqual(compileContrastSystem({ pairs: 40, declaredModes: 2 }).contrastChecks);

    const store = new SnapshotStore();
    store.apply(files.map(({ path, text }) => ({ type: 'file/changed', path, text, at: 1 })));
    const served = store.current.systems.get('ds')?.compiled as CompiledDesignSystem;
    expect(Object.isFrozen(served.contrastChecks?.ratios)).toBe(true);
    expect(contrastChecksOf(served)).toBe(served.contrastChecks);
  });

  it.each(EXAMPLES)('answer %s byte for byte as before', async (slug, body, results) => {
    const system = await compileExample(slug);
    expect(sha256(bodyOf(system))).toBe(body);
    expect(sha256(`${JSON.stringify(renderContrast(system))}\n`)).toBe(body);
    expect(sha256(JSON.stringify(contrastResults(system)))).toBe(results);
  });

  it('answer 700 pairs in 14 modes byte for byte as before, the body in parts of about 1,000 checks', () => {
    const system = compileContrastSystem({ pairs: 700, declaredModes: 12 });
    // 71 pairs (994 checks) a part, then the font sizes below the minimum (fewer than 1,000) in one.
    expect(renderContrastParts(system)).toHaveLength(11);
    expect(sha256(bodyOf(system))).toBe('e323528f9d2347defb7fb09fb3a3349cb4c8e1573e098f9f8fe2b728455355dc');
    expect(sha256(JSON.stringify(contrastResults(system)))).toBe('27084d419da47a45dd27f1ad65fbd371750d5add814572b1d764e82203d7fb26');
    expect(sha256(JSON.stringify(fontSizeFailures(system)))).toBe('97d7dca87749c434c08270daad36ba42b473007817ca37f0d12b0ca57f6a1380');
    // However the parts fall (a pair a part, a font size a part), the same bytes.
    expect(bodyOf(system, 5)).toBe(bodyOf(system));
    expect(bodyOf(system, 1)).toBe(bodyOf(system));
  });

  it('answer a section without pairs, or with font sizes alone, as before', () => {
    const tokens = 'tokens:\n  font.size.s: { type: font.size, value: 9, modes: { dark: { value: 10 } } }\n';
    for (const contrast of ['contrast:\n  minFontSize: 12px\n', 'contrast:\n  pairs: {}\n']) {
      const { system } = compileFiles('ds', [
        ['ds/system.yaml', 'name: Sizes\n'],
        ['ds/tokens.yaml', tokens],
        ['ds/contrast.yaml', contrast],
      ]);
      if (system === undefined) throw new Error('does not compile');
      expect(bodyOf(system, 1)).toBe(`${JSON.stringify(renderContrast(system))}\n`);
    }
  });

  it('give /diff the regressions it found before, compared from both sides’ checks', () => {
    const before = compileContrastSystem({ pairs: 700, declaredModes: 12 });
    const after = compileContrastSystem({ pairs: 760, declaredModes: 11, seed: 37 });
    const regressions = contrastRegressions(before, after);
    expect(regressions).toHaveLength(1832);
    expect(sha256(JSON.stringify(regressions))).toBe('f29745b6807e515ab3c00c7cd8fa8ba48796a58e5eb1b3cb8e167e623c437c9f');
    expect(sha256(JSON.stringify(contrastRegressions(after, before)))).toBe(
      '479a38d9190cb2ebbc4fa56d383b4c21d05c75b00500e2974976cd248ac27933',
    );
  });
});

describe('the Markdown of many contrast regressions', () => {
  it('writes the rows it shows (100 in all), and counts the rest', () => {
    const regressions = Array.from({ length: 19_992 }, (_, index) => ({
      pair: `p${index} (c.a on c.b)`,
      mode: 'dark',
      before: 4.6,
      after: 3.2,
      required: 4.5,
    }));
    const section = buildContrastRegressionSection(regressions, 100);
    expect(section?.items).toHaveLength(100);
    expect(section?.total).toBe(19_992);
    const none = { added: [], removed: [], changed: [] };
    const markdown = renderDiffMarkdown({
      system: { name: 'Many', slug: 'many' },
      from: { ref: 'v1', sha: 'a'.repeat(40) },
      to: { ref: null, sha: 'b'.repeat(40) },
      diff: { level: 'major', tokens: { ...none, retyped: [] }, scales: none, primitives: none, contrastRegressions: regressions },
    });
    const lines = markdown.split('\n');
    expect(lines.filter((line) => line.startsWith('| p'))).toHaveLength(100);
    expect(lines).toContain('#### Contrast regressions (19992)');
    expect(lines).toContain('<details><summary>Show 100 of 19992</summary>');
    expect(lines).toContain('…and 19892 more not shown (the JSON answer lists every change).');
  });
});
