import { spawn } from 'node:child_process';
import { inject } from 'vitest';

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built `token-server` as a child process, the way a designer or CI would. */
export function runCli(args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    // Only what the test sets: a TOKENS_KEYS of the developer's shell must not leak in.
    const { TOKENS_KEYS: _ignored, ...inherited } = process.env;
    // A variable set to undefined is left out (FORCE_COLOR='' would force colours).
    const env = Object.fromEntries(Object.entries({ ...inherited, ...options.env }).filter(([, value]) => value !== undefined));
    const child = spawn(process.execPath, [inject('cliPath'), ...args], { cwd: options.cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
