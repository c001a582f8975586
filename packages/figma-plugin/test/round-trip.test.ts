import { describe, expect, it } from 'vitest';
import { acmeFiles, call, KEYS_YAML, READ, REVIEWER } from '../../../test/changes/acme-change-fixture.js';
import type { Answer } from '../../../test/changes/acme-change-fixture.js';
import { sha256, useFixtures, waitFor } from '../../../test/source/fixture-repo.js';
import { applyPlan } from '../src/apply-plan.js';
import type { AppliedRef } from '../src/plugin-data.js';
import { readBack } from '../src/read-back.js';
import { fetchPlan, openChangeRequest } from '../src/server-api.js';
import type { ServerCall } from '../src/server-api.js';
import { FigmaStandIn } from './figma-stand-in.js';

/**
 * Figma -> Git -> Figma with a real listening server on a real Git repository: the plugin's own server calls, its
 * apply and its read-back, on the stand-in. Only the review (approve, merge) is done as the token browser does it.
 */
const fixtures = useFixtures();

/** The designer's Figma credential (`kind: figma`, an editor), beside the fixture's read, editor and reviewer keys. */
const DESIGNER = 'dtsf_designer_credential_for_tests';
const FILES: Record<string, string> = {
  ...acmeFiles(),
  'keys.yaml':
    KEYS_YAML +
    `  - name: designer\n    kind: figma\n    sha256: ${sha256(DESIGNER)}\n    designSystem: acme\n    role: editor\n    author: { name: Dana Designer, email: dana@example.com }\n`,
};
/** What the plugin's UI sends: the Figma credential, from its sandboxed frame (`Origin: null`). */
const fromFigma = (url: string): ServerCall => ({ server: url, key: DESIGNER, designSystem: 'acme', headers: { origin: 'null' } });

async function applyFrom(figma: FigmaStandIn, target: ServerCall): Promise<{ applied: AppliedRef; updated: number }> {
  const { plan, commit } = await fetchPlan(target, '');
  const applied: AppliedRef = {
    server: target.server,
    designSystem: plan.designSystem.slug,
    ref: '',
    commit,
    contentHash: plan.contentHash,
    appliedAt: new Date().toISOString(),
  };
  const report = await applyPlan(figma, plan, { applied });
  expect(report.problems).toEqual([]);
  return { applied, updated: report.updated };
}

const primaryHex = async (url: string): Promise<string> =>
  (await call(url, 'GET', '/api/v1/tokens/color/primary', READ)).body.data.value.color;

/** Sets a color variable's value in its collection's first mode, as a designer does in Figma. */
function editColor(figma: FigmaStandIn, planId: string, hex: string): void {
  const variable = figma.variableOfPlanId(planId);
  const collection = variable === undefined ? undefined : figma.collectionsById.get(variable.variableCollectionId);
  if (variable === undefined || collection === undefined) throw new Error(`no variable ${planId}`);
  const [r, g, b] = (hex.slice(1).match(/../g) ?? []).map((pair) => parseInt(pair, 16) / 255) as [number, number, number];
  variable.setValueForMode(collection.defaultModeId, { r, g, b, a: 1 });
}

describe('the Figma round trip', () => {
  it('reads back nothing after an apply; one edited value is a change request of exactly that operation, which merges and is served', async () => {
    const repo = fixtures.repo(FILES);
    const server = await fixtures.start(repo);
    const main = repo.git('rev-parse', 'HEAD').trim();
    const target = fromFigma(server.url);
    const figma = new FigmaStandIn();

    const { applied } = await applyFrom(figma, target);
    expect(applied.commit).toBe(main);
    expect(await readBack(figma)).toEqual({ applied, operations: [], notSent: [] });

    editColor(figma, 'color.primary', '#1D4ED8');
    const edited = await readBack(figma);
    const operation = { op: 'set-value', token: 'color.primary', mode: 'light', fields: { color: '#1D4ED8' } };
    expect(edited).toEqual({ applied, operations: [operation], notSent: [] });

    const { id } = await openChangeRequest(target, {
      title: 'Darker brand, from Figma',
      description: 'Edited in the Figma file.',
      base: applied.commit,
      operations: edited.operations,
    });
    const opened = await call(server.url, 'GET', `/api/v1/changes/${id}`, READ);
    expect(opened.body.data.change).toMatchObject({
      state: 'open',
      base: main,
      title: 'Darker brand, from Figma',
      operations: [operation],
    });
    expect((await call(server.url, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER)).status).toBe(200);
    expect((await call(server.url, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER)).status).toBe(200);
    await waitFor(
      () => primaryHex(server.url),
      (hex) => hex === '#1D4ED8',
      5_000,
    );

    // The merged revision: the token writes one color for every mode, so its other modes follow the edit of light.
    const again = await applyFrom(figma, target);
    expect(again.applied.commit).toBe(repo.git('rev-parse', 'HEAD').trim());
    expect(again.updated).toBe(1);
    const writes = figma.writes;
    expect((await applyFrom(figma, target)).updated).toBe(0);
    expect(figma.writes - writes).toBe(1); // the time in the applied ref
    expect((await readBack(figma)).operations).toEqual([]);
  });

  it('a value edited in Figma while the same token changed in Git is the change request’s merge conflict, never an overwrite', async () => {
    const repo = fixtures.repo(FILES);
    const server = await fixtures.start(repo);
    const target = fromFigma(server.url);
    const figma = new FigmaStandIn();
    const { applied } = await applyFrom(figma, target);

    // Meanwhile in Git: the same token, another value.
    const tokens = 'design-systems/acme/tokens.yaml';
    repo.write(tokens, (FILES[tokens] as string).replace('#2563EB', '#0000FF'));
    repo.commit('Bluer brand');
    await waitFor(
      () => primaryHex(server.url),
      (hex) => hex === '#0000FF',
      5_000,
    );

    editColor(figma, 'color.primary', '#1D4ED8');
    const { operations } = await readBack(figma);
    const { id } = await openChangeRequest(target, { title: 'Darker brand', description: '', base: applied.commit, operations });
    await call(server.url, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER);
    const merge: Answer = await call(server.url, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
    expect([merge.status, merge.body.error.code, merge.body.error.details]).toEqual([
      409,
      'change_conflict',
      [
        {
          operation: 0,
          target: 'color.primary',
          field: 'value',
          mode: 'light',
          base: { color: '#2563EB' },
          theirs: { color: '#0000FF' },
          ours: { color: '#1D4ED8' },
        },
      ],
    ]);
    expect(await primaryHex(server.url)).toBe('#0000FF');
  });
});
