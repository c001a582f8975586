/** One token of a DTCG document as written: its key, its type (inherited from its groups), its raw value and metadata. */
export interface SourceToken {
  /** The dotted path of groups and the token's name, as written. */
  readonly key: string;
  /** The DTCG `$type` (the nearest group's when the token has none); `boolean` for our own exports' boolean groups. */
  readonly type: string | undefined;
  readonly value: unknown;
  readonly description: string | undefined;
  /** `$deprecated`: `true` or a message; undefined when absent or `false`. */
  readonly deprecated: true | string | undefined;
  /** `$extensions` as written. */
  readonly extensions: Readonly<Record<string, unknown>> | undefined;
  /** Where it comes from: `<file>:<key>`, as the report names it. */
  readonly source: string;
}

/** The vendor key of our own exports' extensions: other modes' values, units, booleans. */
export const OUR_EXTENSION = 'com.service';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every token of a DTCG document (2025.10 structured values or the older string values), in document order: a node
 * with `$value` is a token, any other object a group whose `$type` its tokens inherit. A group that carries our own
 * boolean extension (`$extensions["com.service"].type: boolean`, how our strict export keeps booleans) is a token too.
 */
export function readDtcgDocument(file: string, document: unknown): SourceToken[] {
  const tokens: SourceToken[] = [];
  const pointed = (value: unknown): unknown => withPointersResolved(value, document);
  const walk = (node: Record<string, unknown>, path: readonly string[], inheritedType: string | undefined): void => {
    const type = typeof node['$type'] === 'string' ? node['$type'] : inheritedType;
    const extensions = isRecord(node['$extensions']) ? node['$extensions'] : undefined;
    const ours = isRecord(extensions?.[OUR_EXTENSION]) ? extensions[OUR_EXTENSION] : undefined;
    if ('$value' in node || (ours?.['type'] !== undefined && ours['value'] !== undefined && path.length > 0)) {
      const key = path.join('.');
      const deprecated = node['$deprecated'];
      tokens.push({
        key,
        type: '$value' in node ? type : String(ours?.['type']),
        value: pointed('$value' in node ? node['$value'] : ours?.['value']),
        description: typeof node['$description'] === 'string' ? node['$description'] : undefined,
        deprecated: deprecated === true || (typeof deprecated === 'string' && deprecated !== '') ? deprecated : undefined,
        extensions: extensions === undefined ? undefined : (pointed(extensions) as Record<string, unknown>),
        source: `${file}:${key}`,
      });
      return;
    }
    for (const [name, child] of Object.entries(node)) {
      if (name.startsWith('$') || !isRecord(child)) continue;
      walk(child, [...path, name], type);
    }
  };
  if (isRecord(document)) walk(document, [], undefined);
  return tokens;
}

/**
 * `value` with every JSON Pointer reference (`{ "$ref": "#/color/shadow/$value/components" }`, how our strict export
 * ties a shadow's color to its color token) replaced by what it points at in `document`.
 */
function withPointersResolved(value: unknown, document: unknown, depth = 0): unknown {
  if (depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => withPointersResolved(item, document, depth + 1));
  if (!isRecord(value)) return value;
  const pointer = value['$ref'];
  if (typeof pointer === 'string' && pointer.startsWith('#/') && Object.keys(value).length === 1) {
    let target: unknown = document;
    for (const segment of pointer.slice(2).split('/')) {
      const name = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isRecord(target) || Array.isArray(target) ? (target as Record<string, unknown>)[name] : undefined;
    }
    return withPointersResolved(target, document, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, withPointersResolved(member, document, depth + 1)]));
}
