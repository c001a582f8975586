import { sha256, systemYaml } from '../source/fixture-repo.js';

/** The keys of the change-request tests: a read key, an editor and a reviewer of design system `acme`. */
export const READ = 'dts_test_read_key';
export const EDITOR = 'dts_test_editor_key';
export const REVIEWER = 'dts_test_reviewer_key';
export const TOKENS = 'design-systems/acme/tokens.yaml';
export const TOKENS_TEXT = [
  '# Colors of Acme: keep this comment',
  'tokens:',
  '  color:',
  '    # The brand',
  '    primary: { type: color, color: "#2563EB" }',
  '    secondary: { type: color, color: "#7C3AED" }',
  '    text: { type: color, color: "#111111" }',
  '',
].join('\n');

/** `keys.yaml` with the three keys (the editor commits as Dana Designer, the reviewer as Rui Reviewer). */
export const KEYS_YAML =
  'keys:\n' +
  `  - { name: app, sha256: ${sha256(READ)}, designSystem: acme }\n` +
  `  - name: dana\n    sha256: ${sha256(EDITOR)}\n    designSystem: acme\n    role: editor\n    author: { name: Dana Designer, email: dana@example.com }\n` +
  `  - name: rui\n    sha256: ${sha256(REVIEWER)}\n    designSystem: acme\n    role: reviewer\n    author: { name: Rui Reviewer, email: rui@example.com }\n`;

/** The repository's files: the keys and design system `acme` with three colors in one file. */
export function acmeFiles(system = systemYaml('Acme', 'acme')): Record<string, string> {
  return { 'keys.yaml': KEYS_YAML, 'design-systems/acme/system.yaml': system, [TOKENS]: TOKENS_TEXT };
}

export interface ChangeBody {
  readonly id: string;
  readonly base: string;
  readonly head: string;
  readonly branch: string;
  readonly state: string;
  readonly mergedAs: string | null;
}

export interface Answer {
  readonly status: number;
  readonly body: {
    readonly data: { readonly change: ChangeBody; readonly changes: readonly ChangeBody[]; readonly value: { readonly color: string } };
    readonly error: { readonly code: string; readonly message: string; readonly details: readonly Record<string, unknown>[] };
  };
}

/** One API call with `key`, JSON in and out. */
export async function call(base: string, method: string, path: string, key: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as Answer['body'] };
}

/** A token's light value as one operation. */
export const setColor = (token: string, color: string): object => ({ op: 'set-value', token, mode: 'light', fields: { color } });
