import { describe, expect, it } from 'vitest';
import { useFixtures } from '../source/fixture-repo.js';
import { filesOf } from '../ui/page-helpers.js';
import { validateInputSync } from '../../src/cli/validate.js';
import { acmeFiles, call, EDITOR, KEYS_YAML, READ, REVIEWER, TOKENS } from './acme-change-fixture.js';

// What `token-server validate` refuses, a change request refuses: the contrast pairs and the export formats' lints
// are checked on the changed design system as the compiler's own problems are (docs/change-requests.md).
const fixtures = useFixtures();
const CONTRAST = 'design-systems/acme/contrast.yaml';
const PRIMARY_FILL = '    primary-fill: { foreground: color.brand.primary, background: color.background.canvas, kind: non-text }';
/** docs/change-requests.md's first example as it was: acme's brand color at dark step 400, below 3:1 on the dark canvas. */
const DARK_400 = { op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: { step: 400 } };
const FAILS_IN_DARK =
  'contrast pair `primary-fill` (`color.brand.primary` on `color.background.canvas`) is 2.87:1 in mode `dark`: WCAG 2.2 AA needs 3:1 for non-text UI (1.4.11); APCA Lc -19.4 (advice)';

function contrastProblem(severity: 'error' | 'warning'): object {
  return { file: 'acme/contrast.yaml', line: 13, column: 5, rule: 'contrast-too-low', message: FAILS_IN_DARK, severity };
}

describe('a change request is validated as `validate` validates', () => {
  it('refuses a change that makes a contrast pair fail, at preview, open and merge; a warning pair only warns', async () => {
    const repo = fixtures.repo({ ...filesOf('design-systems/acme'), 'keys.yaml': KEYS_YAML });
    const contrast = repo.git('show', `HEAD:${CONTRAST}`);
    expect(contrast.split('\n')[12]).toBe(PRIMARY_FILL);
    const server = await fixtures.start(repo);
    const main = repo.git('rev-parse', 'HEAD').trim();

    // The pair is an error: the preview is not valid, and opening is refused with the error at the pair's line.
    const preview = await call(server.url, 'POST', '/api/v1/changes/preview', EDITOR, { operations: [DARK_400] });
    expect(preview.body.data).toEqual({
      changedFiles: ['design-systems/acme/tokens/color/base.yaml'],
      diagnostics: [contrastProblem('error')],
      valid: false,
    });
    const refused = await call(server.url, 'POST', '/api/v1/changes', EDITOR, { title: 'Lighter brand in dark', operations: [DARK_400] });
    expect(refused).toEqual({
      status: 422,
      body: {
        error: {
          code: 'invalid_change',
          message: `the change leaves 1 error in the design system, first: acme/contrast.yaml:13:5 ${FAILS_IN_DARK} (contrast-too-low)`,
          details: [contrastProblem('error')],
        },
      },
    });
    expect(repo.git('for-each-ref', '--format=%(refname)').trim()).toBe('refs/heads/main');

    // A pair of severity `warning`: the same change previews valid with the warning, opens, and its head says so.
    const asWarning = (severity: string): void =>
      repo.write(CONTRAST, contrast.replace(PRIMARY_FILL, PRIMARY_FILL.replace(' }', `, severity: ${severity} }`)));
    asWarning('warning');
    repo.commit('primary-fill only warns');
    const warned = await call(server.url, 'POST', '/api/v1/changes/preview', EDITOR, { operations: [DARK_400] });
    expect(warned.body.data).toEqual({
      changedFiles: ['design-systems/acme/tokens/color/base.yaml'],
      diagnostics: [contrastProblem('warning')],
      valid: true,
    });
    const opened = await call(server.url, 'POST', '/api/v1/changes', EDITOR, { title: 'Lighter brand in dark', operations: [DARK_400] });
    expect(opened.status).toBe(201);
    const id = opened.body.data.change.id;
    const read = await call(server.url, 'GET', `/api/v1/changes/${id}`, READ);
    const { validation, diff } = read.body.data as unknown as { validation: unknown; diff: { contrastRegressions: unknown } };
    expect(validation).toEqual({ valid: true, diagnostics: [contrastProblem('warning')] });
    // Its diff names the regression: the pair passed in dark at the base.
    expect(diff.contrastRegressions).toEqual([
      {
        pair: 'primary-fill (color.brand.primary on color.background.canvas)',
        mode: 'dark',
        before: 4.442561600338469,
        after: 2.8684716347668027,
        required: 3,
      },
    ]);
    expect((await call(server.url, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER)).status).toBe(200);

    // main makes the pair an error again before the merge: the merged result is refused, and main does not move.
    asWarning('error');
    const strict = repo.commit('primary-fill is an error again');
    const mergeRefused = await call(server.url, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
    expect(mergeRefused.status).toBe(422);
    expect(mergeRefused.body.error).toEqual(refused.body.error);
    expect(repo.git('rev-parse', 'main').trim()).toBe(strict);

    // Back to a warning: the merge lands, the warning did not refuse it.
    asWarning('warning');
    repo.commit('primary-fill only warns again');
    const merged = await call(server.url, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
    expect([merged.status, merged.body.data.change.state]).toEqual([200, 'merged']);
    expect(repo.git('log', '--format=%s', `${main}..main`).trim().split('\n')[0]).toBe('Lighter brand in dark');
  });

  it('GET /api/v1/changes/<id> answers the validation of its head and its diff: the body of /diff from its base to its head', async () => {
    const repo = fixtures.repo({ ...filesOf('design-systems/acme'), 'keys.yaml': KEYS_YAML });
    const server = await fixtures.start(repo);
    const darker = { op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: { step: 600 } };
    const opened = await call(server.url, 'POST', '/api/v1/changes', EDITOR, { title: 'Brighter brand in dark', operations: [darker] });
    expect(opened.status).toBe(201);
    const { id, base, head } = opened.body.data.change;
    const read = async (): Promise<{ status: number; text: string }> => {
      const response = await fetch(`${server.url}/api/v1/changes/${id}`, { headers: { authorization: `Bearer ${READ}` } });
      return { status: response.status, text: await response.text() };
    };
    const first = await read();
    expect(first.status).toBe(200);
    const data = (JSON.parse(first.text) as { data: Record<string, unknown> }).data;
    expect(Object.keys(data)).toEqual(['change', 'validation', 'diff']);
    expect(data['validation']).toEqual({ valid: true, diagnostics: [] });
    const diff = await fetch(`${server.url}/api/v1/diff?from=${base}&to=${head}`, { headers: { authorization: `Bearer ${READ}` } });
    expect(data['diff']).toEqual(((await diff.json()) as { data: unknown }).data);
    expect(data['diff']).toMatchObject({
      from: { ref: base, sha: base },
      to: { ref: head, sha: head },
      level: 'patch',
      tokens: { added: [], removed: [], changed: [{ key: 'color.brand.primary', type: 'color' }] },
    });
    // A head never changes: the same bytes again (kept per head in the worker, and in the render cache by both shas).
    expect(await read()).toEqual(first);

    // An approval moves the head (a commit on the branch): the validation and the diff follow it.
    expect((await call(server.url, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER)).status).toBe(200);
    const approved = JSON.parse((await read()).text) as { data: { change: { head: string }; diff: { to: { sha: string } } } };
    expect(approved.data.diff.to.sha).toBe(approved.data.change.head);
    expect(approved.data.change.head).not.toBe(head);
  });

  it('checks a head with every check of `validate`, the formats’ name clashes too; a write and a preview only with those that can refuse', async () => {
    const repo = fixtures.repo(acmeFiles());
    const server = await fixtures.start(repo);
    // `color.brandBlue` and `color.brand-blue` get one name in every export: warnings of the formats' lints.
    const operations = [
      { op: 'add-token', token: 'color.brandBlue', type: 'color', fields: { color: '#1D4ED8' } },
      { op: 'add-token', token: 'color.brand-blue', type: 'color', fields: { color: '#1E40AF' } },
    ];
    const preview = await call(server.url, 'POST', '/api/v1/changes/preview', EDITOR, { operations });
    expect(preview.body.data).toEqual({ changedFiles: [TOKENS], diagnostics: [], valid: true });
    const opened = await call(server.url, 'POST', '/api/v1/changes', EDITOR, { title: 'Two blues', operations });
    expect(opened.status).toBe(201);
    const { id, head } = opened.body.data.change;
    const { validation } = (await call(server.url, 'GET', `/api/v1/changes/${id}`, READ)).body.data as unknown as {
      validation: { valid: boolean; diagnostics: readonly { rule: string; severity: string }[] };
    };
    // Exactly what `validate` reports for the head's files.
    const files = repo
      .git('ls-tree', '-r', '--name-only', head, '--', 'design-systems/')
      .trim()
      .split('\n')
      .map((path) => ({ path: path.slice('design-systems/'.length), text: repo.git('show', `${head}:${path}`) }));
    const report = validateInputSync({ files, keys: undefined, sourcePrefix: '.', now: Date.now() });
    expect(validation).toEqual({ valid: true, diagnostics: report.diagnostics });
    expect(validation.diagnostics.map((item) => item.rule)).toContain('css-name-clash');
    expect(new Set(validation.diagnostics.map((item) => item.severity))).toEqual(new Set(['warning']));
  });
});
