import { readFileSync } from 'node:fs';

const FIXTURE = new URL('../fixtures/responsive/responsive/', import.meta.url);
const read = (name: string): string => readFileSync(new URL(name, FIXTURE), 'utf8');

/** Where the responsive fixture's files go in a fixture repository. */
export const RESPONSIVE_PATHS = {
  system: 'design-systems/responsive/system.yaml',
  tokens: 'design-systems/responsive/tokens.yaml',
  scales: 'design-systems/responsive/scales.yaml',
} as const;

/** The responsive fixture (breakpoints md and lg, a further mode, fluid lengths) as a fixture repository's files, with id `responsive`. */
export const RESPONSIVE_FILES: Readonly<Record<string, string>> = {
  [RESPONSIVE_PATHS.system]: `id: responsive\n${read('system.yaml')}`,
  [RESPONSIVE_PATHS.tokens]: read('tokens.yaml'),
  [RESPONSIVE_PATHS.scales]: read('scales.yaml'),
};
