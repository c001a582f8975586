/** The commands, in the order `--help` lists them: the usage text, the did-you-mean, the error and the tests come from here. */
export const COMMANDS = [
  { name: 'serve', summary: 'Serve the design systems over HTTP (what `npm start` runs)' },
  { name: 'validate', summary: 'Check the design systems (and keys) and print every problem' },
  { name: 'keys', summary: 'Create, list and revoke API keys in keys.yaml' },
  { name: 'import', summary: 'Bring a design system in from DTCG, resolver, Tokens Studio or Style Dictionary files' },
  { name: 'build', summary: 'Write every export format’s files to a folder, without a server' },
] as const;
