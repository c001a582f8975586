import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callError, callJson, connectMcp } from '../mcp/mcp-client.js';
import { sha256, systemYaml, useFixtures, waitFor } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { acmeFiles, call, EDITOR, READ, REVIEWER, TOKENS, TOKENS_TEXT } from './acme-change-fixture.js';
import type { Answer, ChangeBody } from './acme-change-fixture.js';

const fixtures = useFixtures();
function acmeRepo(system = systemYaml('Acme', 'acme')): FixtureRepo {
  return fixtures.repo(acmeFiles(system));
}

const darkerPrimary = { op: 'set-value', token: 'color.primary', mode: 'light', fields: { color: '#1D4ED8' } };

async function primaryHex(url: string): Promise<string> {
  const answer = await call(url, 'GET', '/api/v1/tokens/color/primary', READ);
  return answer.body.data.value.color;
}

describe('change requests over HTTP, kept in Git', () => {
  it('opens a change as a commit by the editor on its own branch, a reviewer approves and merges it, and the live API serves it', async () => {
    const repo = acmeRepo();
    const server = await fixtures.start(repo);
    const main = repo.git('rev-parse', 'HEAD').trim();

    const opened = await call(server.url, 'POST', '/api/v1/changes', EDITOR, {
      title: 'Darker brand',
      description: 'For contrast.',
      operations: [darkerPrimary],
    });
    expect(opened.status).toBe(201);
    const change = opened.body.data.change;
    expect(change).toMatchObject({
      designSystem: 'acme',
      title: 'Darker brand',
      description: 'For contrast.',
      state: 'open',
      base: main,
      target: 'main',
      author: { key: 'dana', name: 'Dana Designer', email: 'dana@example.com' },
      operations: [darkerPrimary],
      approvedBy: [],
      mergedAs: null,
    });
    expect(change.branch).toBe(`token-changes/acme/${change.id}`);
    // The branch holds one commit by the editor; the work tree, the index and main are untouched.
    expect(repo.git('log', '-1', '--format=%an <%ae>|%cn', change.head).trim()).toBe('Dana Designer <dana@example.com>|token-server');
    expect(
      repo
        .git('diff', '--unified=0', main, change.head)
        .split('\n')
        .filter((line) => /^[-+] /.test(line)),
    ).toEqual(['-    primary: { type: color, color: "#2563EB" }', '+    primary: { type: color, color: "#1D4ED8" }']);
    expect(repo.git('status', '--porcelain').trim()).toBe('');
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(main);

    // Anyone with a key of the design system reads it; only write roles write, only reviewers approve and merge.
    expect((await call(server.url, 'GET', '/api/v1/changes', READ)).body.data.changes.map((item) => item.id)).toEqual([change.id]);
    expect(await call(server.url, 'POST', '/api/v1/changes', READ, { title: 'x', operations: [darkerPrimary] })).toEqual({
      status: 403,
      body: {
        error: {
          code: 'forbidden',
          message: 'This key is read-only: changing tokens needs `role: editor` or `role: reviewer` in keys.yaml.',
        },
      },
    });
    expect((await call(server.url, 'POST', `/api/v1/changes/${change.id}/approve`, EDITOR)).body).toEqual({
      error: { code: 'forbidden', message: 'Approving and merging need a key with `role: reviewer`.' },
    });
    expect((await call(server.url, 'POST', `/api/v1/changes/${change.id}/merge`, REVIEWER)).body.error).toEqual({
      code: 'change_conflict',
      message: `change request \`${change.id}\` needs an approval from a reviewer other than its author before it merges`,
    });
    const approved = await call(server.url, 'POST', `/api/v1/changes/${change.id}/approve`, REVIEWER);
    expect(approved.body.data.change).toMatchObject({ state: 'approved', approvedBy: ['rui'] });

    expect(await primaryHex(server.url)).toBe('#2563EB');
    const merged = await call(server.url, 'POST', `/api/v1/changes/${change.id}/merge`, REVIEWER);
    expect(merged.status).toBe(200);
    expect(merged.body.data.change).toMatchObject({ state: 'merged' });
    const mergedAs = merged.body.data.change.mergedAs;
    // main moved by one commit, authored by the editor, whose diff is the one line; the work tree followed.
    expect(repo.git('rev-parse', 'HEAD').trim()).toBe(mergedAs);
    expect(repo.git('log', '--format=%an|%s', `${main}..main`).trim()).toBe('Dana Designer|Darker brand');
    expect(repo.git('diff', '--stat', main, 'main').trim()).toBe(
      'design-systems/acme/tokens.yaml | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)',
    );
    expect(repo.git('status', '--porcelain').trim()).toBe('');
    expect(readFileSync(join(repo.root, TOKENS), 'utf8')).toBe(TOKENS_TEXT.replace('#2563EB', '#1D4ED8'));
    await waitFor(
      () => primaryHex(server.url),
      (hex) => hex === '#1D4ED8',
      2_000,
    );
    expect((await call(server.url, 'POST', `/api/v1/changes/${change.id}/merge`, REVIEWER)).body.error.code).toBe('change_conflict');
  });

  it('refuses operations that leave errors, with validate’s file:line:column, and writes nothing', async () => {
    const repo = acmeRepo();
    const server = await fixtures.start(repo);
    const answer = await call(server.url, 'POST', '/api/v1/changes', EDITOR, {
      title: 'Broken',
      operations: [{ op: 'set-value', token: 'color.text', mode: 'light', fields: { color: 'not-a-color' } }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('invalid_change');
    expect(answer.body.error.message).toMatch(/^the change leaves 1 error in the design system, first: acme\/tokens\.yaml:7:\d+ /);
    expect(answer.body.error.details[0]).toMatchObject({ file: 'acme/tokens.yaml', line: 7, severity: 'error' });
    expect(repo.git('for-each-ref', '--format=%(refname)').trim()).toBe('refs/heads/main');
    // A preview says the same without committing; a base that is no commit is `ref_not_found`, not a failure.
    const preview = await call(server.url, 'POST', '/api/v1/changes/preview', EDITOR, { operations: [darkerPrimary] });
    expect(preview.body.data).toEqual({ changedFiles: ['design-systems/acme/tokens.yaml'], diagnostics: [], valid: true });
    const unknownBase = await call(server.url, 'POST', '/api/v1/changes/preview', EDITOR, {
      operations: [darkerPrimary],
      base: 'f'.repeat(40),
    });
    expect([unknownBase.status, unknownBase.body.error.code]).toEqual([404, 'ref_not_found']);
  });

  it('merges token by token onto a main that moved, refuses a conflict with both values, and never touches a local edit', async () => {
    const repo = acmeRepo();
    const server = await fixtures.start(repo);
    const open = async (operations: unknown[]): Promise<string> =>
      (await call(server.url, 'POST', '/api/v1/changes', EDITOR, { title: 'Change', operations })).body.data.change.id;
    const approveAndMerge = async (id: string): Promise<Answer> => {
      await call(server.url, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER);
      return call(server.url, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
    };
    const secondary = await open([{ op: 'set-value', token: 'color.secondary', mode: 'light', fields: { color: '#6D28D9' } }]);
    const text = await open([{ op: 'set-value', token: 'color.text', mode: 'light', fields: { color: '#000000' } }]);
    const clash = await open([{ op: 'set-value', token: 'color.text', mode: 'light', fields: { color: '#222222' } }]);
    // Adjacent lines of one file: both merge.
    expect((await approveAndMerge(secondary)).status).toBe(200);
    expect((await approveAndMerge(text)).status).toBe(200);
    expect(readFileSync(join(repo.root, TOKENS), 'utf8')).toBe(TOKENS_TEXT.replace('#7C3AED', '#6D28D9').replace('#111111', '#000000'));
    // The same token and mode, changed on main since its base: a conflict with both values.
    const conflict = await approveAndMerge(clash);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.details).toEqual([
      {
        operation: 0,
        target: 'color.text',
        field: 'value',
        mode: 'light',
        base: { color: '#111111' },
        theirs: { color: '#000000' },
        ours: { color: '#222222' },
      },
    ]);
    // A local, uncommitted edit of the file a merge would change: refused, naming the file; the edit is still there.
    const local = `${readFileSync(join(repo.root, TOKENS), 'utf8')}# a local note\n`;
    repo.write(TOKENS, local);
    const primary = await open([darkerPrimary]);
    const refused = await approveAndMerge(primary);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'the work tree has uncommitted changes to `design-systems/acme/tokens.yaml`, which this merge would change: commit or stash them, then merge again (nothing was merged)',
    );
    expect(readFileSync(join(repo.root, TOKENS), 'utf8')).toBe(local);
    expect((await call(server.url, 'GET', `/api/v1/changes/${primary}`, READ)).body.data.change.state).toBe('approved');
  });

  it('tells each key its role (the page shows write controls by it) and previews the values and contrast a change moves', async () => {
    const repo = acmeRepo();
    repo.write(
      'design-systems/acme/contrast.yaml',
      'contrast:\n  pairs:\n    brand-text: { foreground: color.primary, background: color.text, kind: non-text }\n',
    );
    const browserKey = 'dts_test_browser_key';
    repo.write(
      'keys.yaml',
      `${readFileSync(join(repo.root, 'keys.yaml'), 'utf8')}  - name: site\n    kind: browser\n    sha256: ${sha256(browserKey)}\n    designSystem: acme\n    origins: [http://localhost:5173]\n    expiresAt: 2099-12-31\n`,
    );
    repo.commit('contrast');
    const server = await fixtures.start(repo);
    // A browser credential only reads, whatever it is: the page never offers it an Edit action.
    const fromSite = await fetch(`${server.url}/api/v1/changes/role`, {
      headers: { authorization: `Bearer ${browserKey}`, origin: 'http://localhost:5173' },
    });
    expect([fromSite.status, ((await fromSite.json()) as { data: unknown }).data]).toEqual([
      200,
      { designSystem: 'acme', role: 'read', author: null, mergeNeedsApproval: true },
    ]);
    const roles = await Promise.all([READ, EDITOR, REVIEWER].map((key) => call(server.url, 'GET', '/api/v1/changes/role', key)));
    expect(roles.map((answer) => [answer.status, answer.body.data])).toEqual([
      [200, { designSystem: 'acme', role: 'read', author: null, mergeNeedsApproval: true }],
      [
        200,
        { designSystem: 'acme', role: 'editor', author: { name: 'Dana Designer', email: 'dana@example.com' }, mergeNeedsApproval: true },
      ],
      [
        200,
        { designSystem: 'acme', role: 'reviewer', author: { name: 'Rui Reviewer', email: 'rui@example.com' }, mergeNeedsApproval: true },
      ],
    ]);
    const base = repo.git('rev-parse', 'HEAD').trim();
    const preview = await call(server.url, 'POST', '/api/v1/changes/preview', EDITOR, { operations: [darkerPrimary], base, values: true });
    // The pair fails after the change in both modes: `validate` would refuse it, so the preview is not valid.
    const fails = (mode: string): object => ({
      file: 'acme/contrast.yaml',
      line: 3,
      column: 5,
      rule: 'contrast-too-low',
      message: `contrast pair \`brand-text\` (\`color.primary\` on \`color.text\`) is 2.82:1 in mode \`${mode}\`: WCAG 2.2 AA needs 3:1 for non-text UI (1.4.11); APCA Lc -19.2 (advice)`,
      severity: 'error',
    });
    expect(preview.body.data).toEqual({
      changedFiles: ['design-systems/acme/tokens.yaml'],
      diagnostics: [fails('light'), fails('dark')],
      valid: false,
      values: {
        modes: ['light', 'dark'],
        tokens: [
          {
            key: 'color.primary',
            type: 'color',
            before: { light: '#2563EB', dark: '#2563EB' },
            after: { light: '#1D4ED8', dark: '#1D4ED8' },
          },
        ],
        contrast: [
          {
            name: 'brand-text',
            foreground: 'color.primary',
            background: 'color.text',
            kind: 'non-text',
            level: 'AA',
            before: { light: { ratio: 3.65, required: 3, pass: true }, dark: { ratio: 3.65, required: 3, pass: true } },
            after: { light: { ratio: 2.82, required: 3, pass: false }, dark: { ratio: 2.82, required: 3, pass: false } },
          },
        ],
        omitted: { tokens: 0, contrast: 0 },
      },
    });
  });

  it('lets a reviewer merge at once where system.yaml says `review: { approvals: 0 }`', async () => {
    const repo = acmeRepo(`${systemYaml('Acme', 'acme')}review: { approvals: 0 }\n`);
    const server = await fixtures.start(repo);
    const id = (await call(server.url, 'POST', '/api/v1/changes', EDITOR, { title: 'Darker', operations: [darkerPrimary] })).body.data
      .change.id;
    const merged = await call(server.url, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
    expect([merged.status, merged.body.data.change.state]).toEqual([200, 'merged']);
  });

  it('announces each change request on the event stream of its design system', async () => {
    const repo = acmeRepo();
    const server = await fixtures.start(repo);
    const abort = new AbortController();
    const response = await fetch(`${server.url}/api/v1/events`, { headers: { authorization: `Bearer ${READ}` }, signal: abort.signal });
    const reader = response.body!.getReader();
    let text = '';
    const readUntil = async (needle: string): Promise<void> => {
      while (!text.includes(needle)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await readUntil('event: snapshot');
    const id = (await call(server.url, 'POST', '/api/v1/changes', EDITOR, { title: 'Darker', operations: [darkerPrimary] })).body.data
      .change.id;
    await readUntil('event: change');
    const event = /event: change\ndata: (.*)\n/.exec(text)?.[1];
    expect(JSON.parse(event ?? '{}')).toMatchObject({ designSystem: 'acme', id, action: 'open', state: 'open', title: 'Darker' });
    abort.abort();
  });

  it('lets an agent with an editor key propose a change over MCP (never merge it); a read key is not offered the tool', async () => {
    const repo = acmeRepo();
    const server = await fixtures.start(repo);
    const reader = await connectMcp(server.url, READ);
    expect((await reader.listTools()).tools.map((tool) => tool.name)).not.toContain('propose_change');
    await reader.close();
    const agent = await connectMcp(server.url, EDITOR);
    const names = (await agent.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('propose_change');
    expect(names.filter((name) => /merge|approve/.test(name))).toEqual([]);
    const answer = (await callJson(agent, 'propose_change', { title: 'Darker', operations: [darkerPrimary] })) as {
      data: { change: ChangeBody };
    };
    expect(answer.data.change).toMatchObject({ state: 'open', title: 'Darker' });
    expect(repo.git('log', '-1', '--format=%an', answer.data.change.head).trim()).toBe('Dana Designer');
    expect(await callError(agent, 'propose_change', { title: 'Nope', operations: [{ op: 'delete-token', token: 'color.none' }] })).toEqual({
      error: {
        code: 'invalid_change',
        message: 'operations[0]: token `color.none` does not exist',
        details: [{ operation: 0, message: 'token `color.none` does not exist' }],
      },
    });
    await agent.close();
  });

  it('lists a branch a committer wrote by hand with broken trailers without failing, and reads each tip once', async () => {
    const repo = acmeRepo();
    const server = await fixtures.start(repo);
    const message =
      'By hand\n\nToken-Change: 20260101-deadbeef\nToken-Change-Action: open\nToken-Change-By: someone\nToken-Change-Operations: [{not json\n';
    const forged = repo.git('commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', message).trim();
    repo.git('update-ref', 'refs/heads/token-changes/acme/20260101-deadbeef', forged);
    const listed = await call(server.url, 'GET', '/api/v1/changes', READ);
    expect(listed.status).toBe(200);
    expect(listed.body.data.changes).toEqual([
      expect.objectContaining({ id: '20260101-deadbeef', title: 'By hand', state: 'open', operations: [] }),
    ]);
  });
});
