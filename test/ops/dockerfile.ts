/** One instruction of a Dockerfile: its keyword (upper case) and the rest of its line, continuations joined. */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

/** One `FROM` stage and the instructions after it. */
export interface Stage {
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

/** A `COPY`: its sources (in the build context, or in stage `from`) and its destination. */
export interface Copy {
  readonly from: string | undefined;
  readonly sources: readonly string[];
  readonly dest: string;
}

/** The stages of a Dockerfile, in order (comments and parser directives dropped, `\` continuations joined). */
export function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (pending === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    const match = /^(\S+)\s+([\s\S]*)$/.exec(whole);
    if (match === null) throw new Error(`not a Dockerfile instruction: ${whole}`);
    instructions.push({ keyword: (match[1] as string).toUpperCase(), args: (match[2] as string).replace(/\s+/g, ' ').trim() });
  }
  const stages: { from: string; name: string | undefined; instructions: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [from, as, name] = instruction.args.split(' ');
      stages.push({ from: from as string, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (stage === undefined) throw new Error(`${instruction.keyword} before FROM`);
      stage.instructions.push(instruction);
    }
  }
  return stages;
}

/** The arguments of each instruction of `keyword` in the stage. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
}

/** The exec form of CMD, ENTRYPOINT or HEALTHCHECK CMD (`["node", "dist/cli.js"]`); the shell form is refused. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`not an exec form: ${args}`);
  return parsed;
}

/** The environment the stage's `ENV` instructions set (`KEY=value` pairs; double quotes removed). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const args of argsOf(stage, 'ENV')) {
    for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) {
      env[match[1] as string] = (match[2] as string).replace(/^"(.*)"$/, '$1');
    }
  }
  return env;
}

/** The stage's `COPY` instructions. */
export function copiesOf(stage: Stage): Copy[] {
  return argsOf(stage, 'COPY').map((args) => {
    const parts = args.split(' ');
    const from = parts[0]?.startsWith('--from=') === true ? parts.shift()?.slice('--from='.length) : undefined;
    const dest = parts.pop();
    if (dest === undefined || parts.length === 0) throw new Error(`COPY needs a source and a destination: ${args}`);
    return { from, sources: parts, dest };
  });
}

/** The `HEALTHCHECK` of the stage: its options in milliseconds (`--interval=15s`) and its command in exec form. */
export function healthcheckOf(stage: Stage): { options: Record<string, number>; command: string[] } {
  const [args] = argsOf(stage, 'HEALTHCHECK');
  const match = args === undefined ? null : /^((?:--\S+ )*)CMD (.*)$/.exec(args);
  if (match === null) throw new Error(`no HEALTHCHECK ... CMD [...] in the stage: ${args}`);
  const options: Record<string, number> = {};
  for (const option of (match[1] as string).trim().split(' ').filter(Boolean)) {
    const [name, value] = option.slice(2).split('=') as [string, string];
    const duration = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value);
    options[name] = duration === null ? Number(value) : Number(duration[1]) * { ms: 1, s: 1_000, m: 60_000 }[duration[2] as 'ms'];
  }
  return { options, command: execForm(match[2] as string) };
}

/**
 * Whether `.dockerignore` leaves `path` (relative to the context, `/`-separated) out of the build context: a pattern
 * matches the path or one of its folders (`*` and `?` within a name, `**` across folders, as Docker's matcher).
 */
export function isDockerIgnored(patterns: readonly string[], path: string): boolean {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  const candidates = parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
  return patterns.some((pattern) => {
    if (pattern.startsWith('!')) throw new Error(`exceptions (${pattern}) are not supported here`);
    const regex = new RegExp(
      `^${pattern
        .replace(/^\/+/, '')
        .replace(/\/+$/, '')
        .split(/(\*\*\/?|\*|\?)/)
        .map((piece) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[piece] ?? piece.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
        .join('')}$`,
    );
    return candidates.some((candidate) => regex.test(candidate));
  });
}
