/**
 * The mode limit in Figma's own error when a collection has all the modes the file's plan allows:
 * `in addMode: Limited to 4 modes only` (any number of digits); undefined for any other error.
 */
export function modeLimitOf(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const match = /Limited to (\d+) modes? only/.exec(message);
  return match === null ? undefined : Number(match[1]);
}

/** What the designer reads when the design system has more modes than the file's Figma plan allows. */
export function describeModeLimit(limit: number, modes: number, collection: string): string {
  return (
    `Figma allows ${limit} modes per collection on this file's plan; "${collection}" has ${modes}. Nothing was applied. ` +
    `Move the file to a team whose plan allows ${modes} modes, or serve a design system with ${limit} modes or fewer ` +
    `(split its modes into design systems of their own).`
  );
}
