import type { FastifyInstance } from 'fastify';
import { marked } from 'marked';
import type { Token, Tokens } from 'marked';
import { afterEach, describe, expect, it } from 'vitest';
import { GitRevisions } from '../../src/source/git-revisions.js';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { ALPHA_KEY, createFixtureRepo, keysYaml, systemYaml } from '../source/fixture-repo.js';

const SCALES = `scales:
  blue:
    500: { light: "#3B82F6", dark: "#60A5FA" }
    600: { light: "#2563EB", dark: "#3B82F6" }
`;
const PRIMITIVES = `primitives:
  spacing: { md: 16 }
`;
const TOKENS = `tokens:
  color.brand: { type: color, scale: blue, step: 600 }
  spacing.md: { type: spacing, primitive: spacing.md }
  feature.beta: { type: boolean, value: false }
`;
const FILES = {
  'keys.yaml': keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'ds' }]),
  'design-systems/ds/system.yaml': systemYaml('DS', 'ds'),
  'design-systems/ds/scales.yaml': SCALES,
  'design-systems/ds/primitives.yaml': PRIMITIVES,
  'design-systems/ds/tokens.yaml': TOKENS,
};

/** `text` with `from` replaced by `to` (which must be there). */
function edited(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`no ${from} in ${text}`);
  return text.replace(from, to);
}

const short = (sha: string | undefined): string => (sha as string).slice(0, 7);

describe('GET /api/v1/diff?format=markdown on real commits', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A repository with `FILES` committed and tagged v1, then `change` applied to it and committed; an app over it. */
  async function setUp(change: (write: (path: string, text: string) => void) => void) {
    const repo = createFixtureRepo(FILES);
    cleanups.push(() => repo.cleanup());
    const first = repo.git('rev-parse', 'HEAD').trim();
    repo.git('tag', 'v1');
    change((path, text) => repo.write(`design-systems/ds/${path}`, text));
    const second = repo.commit('Second');
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    cleanups.push(() => revisions.close());
    const { app } = await buildLoadedApp(repo.source, repo.keys, { revisions });
    cleanups.push(() => app.close());
    return { app, shas: [first, second] };
  }

  /** A commit that changes no token: a comment in the tokens file. */
  const onlyAComment = (write: (path: string, text: string) => void): void => write('tokens.yaml', `${TOKENS}# Nothing to see.\n`);
  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: bearer(ALPHA_KEY) });

  /** A value changed in dark only, a primitive and the token using it, a token added, one deprecated: minor. */
  const smallChange = (write: (path: string, text: string) => void): void => {
    write('scales.yaml', edited(SCALES, '600: { light: "#2563EB", dark: "#3B82F6" }', '600: { light: "#2563EB", dark: "#1D4ED8" }'));
    write('primitives.yaml', edited(PRIMITIVES, '16', '20'));
    write(
      'tokens.yaml',
      edited(TOKENS, 'value: false }', 'value: false, deprecated: { message: Ships by default now., since: "2026-01-01" } }') +
        '  color.accent: { type: color, scale: blue, step: 500 }\n',
    );
  };

  it('answers the exact Markdown for a small change: level, both revisions, changes per mode, additions, deprecations', async () => {
    const { app, shas } = await setUp(smallChange);
    const response = await get(app, `/api/v1/diff?from=v1&to=${shas[1]}&format=markdown`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.body).toBe(
      [
        '### Design token changes in DS (`ds`): minor',
        '',
        `From \`v1\` (\`${short(shas[0])}\`) to \`${short(shas[1])}\`: something was added; nothing was removed or retyped.`,
        '',
        '#### Changed (4)',
        '',
        '| Name | Mode | Before | After |',
        '| --- | --- | --- | --- |',
        '| `color.brand` | dark | `#3B82F6` | `#1D4ED8` |',
        '| `spacing.md` | all modes | `16px` | `20px` |',
        '| scale step `blue.600` | dark | `#3B82F6` | `#1D4ED8` |',
        '| primitive `spacing.md` | all modes | `16px` | `20px` |',
        '',
        '#### Added (1)',
        '',
        '| Name | Type | Value |',
        '| --- | --- | --- |',
        '| `color.accent` | color | light `#3B82F6`<br>dark `#60A5FA` |',
        '',
        '#### Deprecated (1)',
        '',
        '| Token | Since | Use instead | Message |',
        '| --- | --- | --- | --- |',
        '| `feature.beta` | 2026-01-01 | — | Ships by default now. |',
        '',
      ].join('\n'),
    );
    // The JSON answer is untouched: `format=json` (the default) gives the same bytes and ETag as no `format` at all.
    const json = await get(app, `/api/v1/diff?from=v1&to=${shas[1]}`);
    const explicit = await get(app, `/api/v1/diff?from=v1&to=${shas[1]}&format=json`);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect([explicit.body, explicit.headers.etag]).toEqual([json.body, json.headers.etag]);
    expect(json.json()).toMatchObject({ data: { level: 'minor' } });
  });

  it('says so when nothing changed, and names the live side when `to` is left out', async () => {
    const { app, shas } = await setUp(onlyAComment);
    const response = await get(app, `/api/v1/diff?from=${shas[0]}&format=markdown`);
    expect(response.body).toBe(
      ['### Design token changes in DS (`ds`): none', '', `From \`${short(shas[0])}\` to the live files: nothing changed.`, ''].join('\n'),
    );
  });

  it('escapes what designers write: a hostile name, message and font stack break no table and bring no HTML', async () => {
    const NAME = '<script>alert(1)</script> | `DS` *bold* [x](javascript:alert(1)) @design-team $x$';
    const MESSAGE = 'Use `flag.on` | or *nothing* \\| @design-team &amp; [x](javascript:alert(1)) ~~gone~~';
    const FAMILY = 'Inter | `Mono`';
    const { app, shas } = await setUp((write) => {
      write('system.yaml', `name: ${JSON.stringify(NAME)}\nid: ds\n`);
      write(
        'tokens.yaml',
        edited(TOKENS, 'value: false }', `value: false, deprecated: ${JSON.stringify(MESSAGE)} }`) +
          `  font.family.body: { type: font.family, value: ${JSON.stringify(FAMILY)} }\n`,
      );
    });
    const markdown = (await get(app, `/api/v1/diff?from=v1&to=${shas[1]}&format=markdown`)).body;
    // Every user-supplied string sits in one cell: the tables keep their columns, and no HTML but our own comes through.
    const tokens = marked.lexer(markdown);
    const tables = tokens.filter((token): token is Tokens.Table => token.type === 'table');
    const cellTexts = (table: Tokens.Table): string[][] =>
      table.rows.map((row) => row.map((cell) => marked.parseInline(cell.text) as string));
    expect(tables.map(cellTexts)).toEqual([
      [['<code>font.family.body</code>', 'font.family', '<code>Inter | `Mono`</code>']],
      [['<code>feature.beta</code>', '—', '—', MESSAGE_HTML]],
    ]);
    expect(collectHtml(tokens)).toEqual([]);
    const heading = tokens[0] as Tokens.Heading;
    expect(marked.parseInline(heading.text)).toBe(
      'Design token changes in &lt;script&gt;alert(1)&lt;/script&gt; | `DS` *bold* [x](javascript:alert(1)) @&#8203;design-team $x$ (<code>ds</code>): minor',
    );
    const html = marked.parse(markdown, { async: false });
    expect(html).not.toMatch(/<script|<a |<em>|<strong>|<del>/);
  });

  it('caps a long list with an "and N more" line inside a collapsed <details>', async () => {
    const many = Array.from(
      { length: 120 },
      (_, index) => `  space.s${String(index).padStart(3, '0')}: { type: spacing, value: ${index} }\n`,
    );
    const { app, shas } = await setUp((write) => write('tokens.yaml', TOKENS + many.join('')));
    const markdown = (await get(app, `/api/v1/diff?from=v1&to=${shas[1]}&format=markdown`)).body;
    const lines = markdown.split('\n');
    expect(lines.slice(0, 10)).toEqual([
      '### Design token changes in DS (`ds`): minor',
      '',
      `From \`v1\` (\`${short(shas[0])}\`) to \`${short(shas[1])}\`: something was added; nothing was removed or retyped.`,
      '',
      '#### Added (120)',
      '',
      '<details><summary>Show 100 of 120</summary>',
      '',
      '| Name | Type | Value |',
      '| --- | --- | --- |',
    ]);
    expect(lines.slice(10, 11)).toEqual(['| `space.s000` | spacing | `0px` |']);
    expect(lines.slice(109)).toEqual([
      '| `space.s099` | spacing | `99px` |',
      '',
      '…and 20 more not shown (the JSON answer lists every change).',
      '',
      '</details>',
      '',
    ]);
    // The <details> is our only HTML, and GitHub-flavoured Markdown still sees the table inside it.
    const tokens = marked.lexer(markdown);
    expect(collectHtml(tokens).map((html) => html.trim())).toEqual(['<details><summary>Show 100 of 120</summary>', '</details>']);
    expect(tokens.filter((token) => token.type === 'table').map((table) => (table as Tokens.Table).rows.length)).toEqual([100]);
  });

  it.each([
    ['an unknown format', 'format=xml', '`format` must be one of: json, markdown.'],
    ['a typo of markdown', 'format=markdwn', '`format` must be one of: json, markdown. Did you mean `markdown`?'],
    ['a repeated format', 'format=markdown&format=json', '`format` must be a single string value.'],
  ])('answers %s with the one JSON error shape', async (_name, query, message) => {
    const { app } = await setUp(onlyAComment);
    const response = await get(app, `/api/v1/diff?from=v1&${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ error: { code: 'invalid_parameter', message } });
  });
});

/** The deprecation message as GitHub-flavoured Markdown shows it: every character as written, no markup. */
const MESSAGE_HTML = 'Use `flag.on` | or *nothing* \\| @&#8203;design-team &amp;amp; [x](javascript:alert(1)) ~~gone~~';

/** The raw HTML blocks and inline HTML of a token list, `<br>` apart. */
function collectHtml(tokens: readonly Token[]): string[] {
  const found: string[] = [];
  const visit = (token: Token): void => {
    if (token.type === 'html' && token.raw.trim() !== '<br>') found.push(token.raw);
    if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) cell.tokens.forEach(visit);
    }
    if ('tokens' in token && Array.isArray(token.tokens)) token.tokens.forEach(visit);
  };
  tokens.forEach(visit);
  return found;
}
