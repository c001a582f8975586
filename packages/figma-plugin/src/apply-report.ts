/** How an apply went: what it changed (0 of each on a second apply of the same plan), and what it could not do. */
export interface ApplyReport {
  readonly created: number;
  readonly updated: number;
  /** Variables and styles that kept their Figma node under a new plan id (a token renamed in Git). */
  readonly renamed: number;
  readonly removed: number;
  /** Plain sentences, one per problem (a font Figma cannot load, an alias whose target is missing). */
  readonly problems: readonly string[];
  /** Set when the file's Figma plan allows fewer modes than the design system has: nothing else was applied. */
  readonly modeLimit?: { readonly limit: number; readonly modes: number; readonly message: string };
}

/** What an apply counts as it goes (its report without the mode limit). */
export interface Counts {
  created: number;
  updated: number;
  renamed: number;
  removed: number;
  problems: string[];
}
