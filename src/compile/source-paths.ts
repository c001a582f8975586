/**
 * How source paths (relative to the source folder, `/`-separated) map to design systems: `<slug>/system.yaml` names
 * a design system, every other `*.yaml` below `<slug>/` holds its content; files directly in the source folder and
 * anything below a dot-folder do not count.
 */

/** The design system a source path belongs to, or undefined for a file directly in the source folder. */
export function slugOfPath(path: string): string | undefined {
  const slash = path.indexOf('/');
  return slash > 0 ? path.slice(0, slash) : undefined;
}

/**
 * The design system of a path its caller knows belongs to one (listed below a design system's folder, or checked by
 * `isSourceYamlPath`): throws a RangeError for a file directly in the source folder, where a cast would have passed
 * `undefined` on.
 */
export function slugOfSystemPath(path: string): string {
  const slug = slugOfPath(path);
  if (slug === undefined) throw new RangeError(`${JSON.stringify(path)} is not inside a design system's folder`);
  return slug;
}

/** Whether a source path is a YAML file of some design system. */
export function isSourceYamlPath(path: string): boolean {
  return slugOfPath(path) !== undefined && path.endsWith('.yaml') && !path.split('/').some((segment) => segment.startsWith('.'));
}

/** Whether a source path is its design system's `system.yaml`. */
export function isSystemFilePath(path: string): boolean {
  return path === `${slugOfPath(path) ?? ''}/system.yaml`;
}
