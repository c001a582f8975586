import { runGit } from './run-git.js';

/** Characters a ref may use: branch and tag names, full or short shas, `HEAD~2`, `main^`. */
const REF_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._/@~^-]{0,199}$/;

export const FULL_SHA = /^[0-9a-f]{40}$/;

/**
 * Why a user-supplied ref is refused before it gets near git, or undefined when it is well formed.
 * Refused: empty, longer than 200, a leading `-` (it would be an option) also after a `/` (`refs/tags/-x`), whitespace, control characters, `:`,
 * anything outside the allow-list, `..` (ranges), `@{` (reflog syntax) and a trailing `.lock` or `/`.
 */
export function checkRef(ref: string): string | undefined {
  if (ref.length === 0) return 'is empty';
  if (ref.length > 200) return 'is longer than 200 characters';
  if (ref.startsWith('-') || ref.includes('/-')) return 'must not start with `-`, nor have a path segment that does';
  if (!REF_PATTERN.test(ref)) return 'may only contain letters, digits and `. _ / @ ~ ^ -`, starting with a letter, digit or `_`';
  if (ref.includes('..')) return 'must not contain `..`';
  if (ref.includes('@{')) return 'must not contain `@{`';
  if (ref.endsWith('/') || ref.endsWith('.lock') || ref.includes('//')) return 'is not a valid ref name';
  return undefined;
}

/**
 * The full commit sha a well-formed ref names in `repoDir`, or undefined when it names nothing.
 * The ref goes after `--end-of-options`, so even a ref that slipped past `checkRef` cannot become an option.
 */
export async function resolveRef(repoDir: string, ref: string): Promise<string | undefined> {
  if (checkRef(ref) !== undefined) return undefined;
  try {
    const out = await runGit(repoDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
    const sha = out.trim();
    return FULL_SHA.test(sha) ? sha : undefined;
  } catch {
    return undefined;
  }
}
