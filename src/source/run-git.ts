import { execFile } from 'node:child_process';

/** Environment for every git process: never prompt, never read a system config or a pager. */
export const GIT_ENV: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0' };

/** Runs git with fixed arguments (no shell); resolves stdout, rejects with git's stderr in the message. */
export function runGit(cwd: string, args: readonly string[], options: { maxBuffer?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', [...args], { cwd, env: GIT_ENV, maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) {
        const code = (error as { code?: unknown }).code;
        reject(Object.assign(new Error(`git ${args[0] ?? ''} failed: ${stderr.trim() || error.message}`, { cause: error }), { exitCode: code }));
      } else resolve(stdout);
    });
  });
}
