import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCss } from '../../../src/views/formats/css/export-css.js';
import { renderDtcgJson } from '../../../src/views/formats/dtcg/export-dtcg-json.js';
import { renderStrictDtcgJson } from '../../../src/views/formats/dtcg/export-dtcg-strict.js';
import { renderExport } from '../../../src/views/formats/export-jobs.js';
import type { ExportJob } from '../../../src/views/formats/export-jobs.js';
import { FormatOptionError } from '../../../src/views/formats/output-format.js';
import type { FormatOptions, OutputFormat } from '../../../src/views/formats/output-format.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../../src/views/formats/output-formats.js';
import { exampleUrlsOf, routeOf } from '../../../src/views/formats/output-format.js';
import type { FormatId, OptionsOf } from '../../../src/views/formats/output-formats.js';
import { compileExample, fixturePath } from '../../helpers/fixtures.js';

const API_DOC = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

/** The rows of the table under `## Output formats` in docs/api.md, by their first cell (the format id). */
function documentedFormats(): Map<string, string[]> {
  const section = API_DOC.split(/^## /m).find((part) => part.startsWith('Output formats\n'));
  if (section === undefined) throw new Error('docs/api.md has no section `## Output formats`');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
  return new Map(rows.map(([id = '', ...cells]) => [id.replaceAll('`', ''), cells]));
}

/** `a`, `b` as the docs' table writes a list of names; `none` for no names. */
const listed = (names: readonly string[]): string => (names.length === 0 ? 'none' : names.map((name) => `\`${name}\``).join(', '));

/** The cells the docs' table must have for a format after its id. */
function documentedRowOf<Id extends FormatId>(id: Id): string[] {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[id];
  return [
    `\`GET ${format.path}\``,
    `\`${format.contentType}\``,
    listed(Object.keys(format.parameters)),
    `\`${format.fileName(format.readOptions({}))}\``,
    format.title,
  ];
}

describe('the output-format registry', () => {
  // Properties of every row, not a hand list: a new row is checked by joining the table.
  const rowOf = (id: FormatId): OutputFormat<FormatOptions> => OUTPUT_FORMATS[id];
  it.each(OUTPUT_FORMAT_IDS)('%s: its route is /export/<id>, its examples start with the plain request and parse', async (id) => {
    const format = rowOf(id);
    expect(format.path).toBe(`/export/${id}`);
    expect(format.examples[0]).toBe('');
    expect(new Set(format.examples).size).toBe(format.examples.length);
    const acme = await compileExample('acme');
    for (const example of format.examples) {
      const query = Object.fromEntries(new URLSearchParams(example));
      for (const name of Object.keys(query))
        expect([id, example, Object.keys(format.parameters)]).toEqual([id, example, expect.arrayContaining([name])]);
      const options = format.readOptions(query);
      expect(format.checkOptions?.(options, acme)).toBe(undefined);
      expect(format.fileName(options)).toMatch(/^[\w.+-]+$/);
    }
  });

  it.each(OUTPUT_FORMAT_IDS)('%s: its defaults parse from an empty query and read back as themselves (a build’s settings)', (id) => {
    const format = rowOf(id);
    const defaults = format.readOptions({});
    expect(format.readOptions(defaults)).toEqual(defaults);
    for (const [name, schema] of Object.entries(format.parameters)) {
      // A default that applies only with another parameter (json's `references`, with `spec`) is absent without it.
      if (schema.default !== undefined && defaults[name] !== undefined) expect([name, defaults[name]]).toEqual([name, schema.default]);
      if (schema.enum !== undefined && schema.default !== undefined) expect(schema.enum).toContain(schema.default);
    }
  });

  it.each(OUTPUT_FORMAT_IDS)('%s: a native format names tokens (usage) and says why it leaves one out (lint)', (id) => {
    const format = rowOf(id);
    expect(['web', 'native', 'design']).toContain(format.platform);
    if (format.platform === 'native') expect([id, typeof format.usage, typeof format.lint]).toEqual([id, 'function', 'function']);
  });

  it('has unique routes, titles and default file names', () => {
    const unique = (values: readonly string[]) => expect(new Set(values).size).toBe(values.length);
    unique(OUTPUT_FORMAT_IDS.map((id) => OUTPUT_FORMATS[id].path));
    unique(OUTPUT_FORMAT_IDS.map((id) => OUTPUT_FORMATS[id].title));
    unique(OUTPUT_FORMAT_IDS.map((id) => rowOf(id).fileName(rowOf(id).readOptions({}))));
    expect(exampleUrlsOf(OUTPUT_FORMATS.json)).toEqual(['/api/v1/export/json', '/api/v1/export/json?spec=2025.10']);
  });

  it('has a row in docs/api.md’s format table for every format, and no row without a format', () => {
    const rows = documentedFormats();
    expect([...rows.keys()]).toEqual(OUTPUT_FORMAT_IDS);
    for (const id of OUTPUT_FORMAT_IDS) expect([id, rows.get(id)]).toEqual([id, documentedRowOf(id)]);
  });

  it('documents how a format of several files is served and built', () => {
    expect(API_DOC).toMatch(/^### Formats of several files\n/m);
  });

  it('has a stored body for every example of every format, and no stored export body without its format', () => {
    const examples = OUTPUT_FORMAT_IDS.flatMap((id) => exampleUrlsOf(OUTPUT_FORMATS[id]));
    const files = readdirSync(fixturePath('stored-bodies')).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const stored = JSON.parse(readFileSync(fixturePath(`stored-bodies/${file}`), 'utf8')) as Record<string, { status: number }>;
      // The files of a format of several files are stored beside its manifest (`/api/v1/export/ios/<path>`).
      const folderRoutes = OUTPUT_FORMAT_IDS.filter((id) => OUTPUT_FORMATS[id].files !== undefined).map(
        (id) => `${routeOf(OUTPUT_FORMATS[id])}/`,
      );
      const exportUrls = Object.keys(stored).filter(
        (url) => url.startsWith('/api/v1/export/') && !folderRoutes.some((route) => url.startsWith(route)),
      );
      expect([file, exportUrls]).toEqual([file, examples]);
      for (const url of examples) expect([file, url, stored[url]?.status]).toEqual([file, url, 200]);
    }
  });

  it('reads the options a build or a query asks for', () => {
    expect(OUTPUT_FORMATS.json.readOptions({ spec: '2025.10' })).toEqual({ spec: '2025.10', references: 'resolve' });
    expect(OUTPUT_FORMATS.css.fileName(OUTPUT_FORMATS.css.readOptions({ mode: 'dark' }))).toBe('tokens.dark.css');
    expect(OUTPUT_FORMATS.json.fileName({ spec: '2025.10', references: 'keep' })).toBe('tokens.2025.10.json');
  });

  it.each([
    ['css', { theme: 'selector' }, '`theme=selector` needs `darkSelector`, e.g. `.dark`.'],
    ['css', { darkSelector: '.dark' }, '`darkSelector` goes with `theme=selector` only.'],
    ['tailwind', { theme: 'media', darkSelector: '.dark' }, '`darkSelector` goes with `theme=selector` only.'],
    ['json', { references: 'keep' }, '`references=keep` goes with `spec=2025.10` (the string-valued export writes resolved values only).'],
    // What the route's schema refuses before: checked again for callers without it (an offline build's settings).
    ['css', { theme: 'dark' }, '`theme` must be one of: data-attribute, media, light-dark, selector.'],
    ['css', { prefix: 'a;b' }, '`prefix` is malformed: it must match ^(--)?[A-Za-z][A-Za-z0-9_-]{0,63}$.'],
    ['css', { naming: ['camelCase'] }, '`naming` must be one of: kebab-case, camelCase, snake_case.'],
    ['json', { spec: '2024' }, '`spec` must be one of: 2025.10.'],
  ] as const)('%s refuses %j with the API’s message', (id, query, message) => {
    const read = () => OUTPUT_FORMATS[id].readOptions(query);
    expect(read).toThrow(FormatOptionError);
    expect(read).toThrow(message);
  });

  it('checks a css mode against the design system, with the API’s message', async () => {
    const acme = await compileExample('acme');
    const options = OUTPUT_FORMATS.css.readOptions({ mode: 'dim' });
    const check = () => OUTPUT_FORMATS.css.checkOptions?.(options, acme);
    expect(check).toThrow(FormatOptionError);
    expect(check).toThrow(`Unknown mode \`dim\`; this design system has ${acme.modes.map((mode) => `\`${mode.name}\``).join(', ')}.`);
    expect(OUTPUT_FORMATS.css.checkOptions?.(OUTPUT_FORMATS.css.readOptions({ mode: 'dark' }), acme)).toBe(undefined);
  });

  it('renders a job sent as plain data (structured clone, as to the render worker) with its format’s content type', async () => {
    const acme = await compileExample('acme');
    const jobs: [ExportJob, string, string][] = [
      [
        { format: 'css', options: { naming: 'camelCase', prefix: 'acme', theme: 'media', references: 'resolve' } },
        renderCss(acme, { naming: 'camelCase', prefix: 'acme', theme: 'media' }),
        'text/css; charset=utf-8',
      ],
      [{ format: 'json', options: {} }, renderDtcgJson(acme), 'application/json; charset=utf-8'],
      [
        { format: 'json', options: { spec: '2025.10', references: 'keep' } },
        renderStrictDtcgJson(acme, 'keep'),
        'application/json; charset=utf-8',
      ],
    ];
    for (const [job, text, contentType] of jobs) {
      const rendered = renderExport(acme, structuredClone(job));
      expect([job, rendered.body.toString('utf8'), rendered.contentType]).toEqual([job, text, contentType]);
    }
  });
});
