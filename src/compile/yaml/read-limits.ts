/** Deepest nesting of mappings and lists in a source file (`nesting-limit`); the examples nest 6 deep, real design systems rarely past 12. */
export const MAX_NESTING_DEPTH = 100;

/** Most YAML nodes the aliases of one file may expand to, all together (`alias-limit`): about 2,000 aliased tokens. */
export const MAX_ALIAS_NODES = 10_000;
