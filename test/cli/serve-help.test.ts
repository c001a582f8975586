import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SERVE_OPTIONS } from '../../src/config/serve-options.js';
import { runCli } from './run-cli.js';

describe('token-server serve --help', () => {
  it('lists every option with its environment variable and default, then its description', async () => {
    const result = await runCli(['serve', '--help'], { cwd: tmpdir() });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(result.stdout).toContain(
      '  --port <n>                  [PORT] default: 3000\n      TCP port (0 picks a free one).\n' +
        '  --host <address>            [HOST] default: 127.0.0.1\n',
    );
    expect(result.stdout).toContain(
      '  --cors-origins <list>       [TOKENS_CORS_ORIGINS] default: none (CORS off)\n' +
        '      Comma-separated browser origins allowed to call the API (https://app.example.com), or *.\n',
    );
    expect(result.stdout).toContain(
      'Environment only (a flag would show the value in the process list):\n  TOKENS_METRICS_TOKEN        default: none (open)\n',
    );
    for (const option of Object.values(SERVE_OPTIONS)) {
      const label = option.flag === undefined ? option.env : `--${option.flag.name} <${option.flag.value}>`;
      expect(result.stdout).toMatch(new RegExp(`^  ${label} +.*default: `, 'm'));
    }
  });
});
