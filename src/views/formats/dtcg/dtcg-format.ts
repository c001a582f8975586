import { JSON_TYPE } from '../../shared/rendered.js';
import { defineFormat, FormatOptionError, readChoice, REFERENCES_PARAMETER, withoutParameters } from '../output-format.js';
import type { NoOptions } from '../output-format.js';
import { renderDtcgJson } from './export-dtcg-json.js';
import { renderDtcgResolver } from './export-dtcg-resolver.js';
import { DTCG_SPEC_VERSION, renderStrictDtcgJson } from './export-dtcg-strict.js';

const JSON_PARAMETERS = {
  spec: {
    type: 'string',
    enum: [DTCG_SPEC_VERSION],
    description: '`2025.10`: structured values valid under the DTCG 2025.10 format (default: the string-valued export).',
  },
  ...REFERENCES_PARAMETER,
} as const;

/** The shape the OpenAPI document gives a resolver document (checked against real ones by a test). */
const DTCG_RESOLVER_SCHEMA = {
  type: 'object',
  required: ['version', 'sets', 'modifiers', 'resolutionOrder'],
  properties: {
    version: { const: '2025.10' },
    name: { type: 'string' },
    sets: { type: 'object' },
    modifiers: { type: 'object' },
    resolutionOrder: { type: 'array' },
  },
};

/** Options of the JSON export: the string-valued export, or (`spec`) the DTCG 2025.10 one with its `references`. */
type JsonOptions =
  { readonly spec?: undefined; readonly references?: undefined } | { readonly spec: '2025.10'; readonly references: 'resolve' | 'keep' };

/** The row of `/export/json`: DTCG JSON, string-valued or (`spec=2025.10`) structured. */
export const JSON_FORMAT = defineFormat<JsonOptions>({
  path: '/export/json',
  platform: 'web',
  contentType: JSON_TYPE,
  title: 'W3C Design Tokens (DTCG) JSON: string values, or the DTCG 2025.10 format with `spec=2025.10`',
  description:
    'W3C Design Tokens (DTCG) JSON: string values, or (`spec=2025.10`) the structured values of the DTCG 2025.10 format; other modes under `$extensions["com.service"]`: `dark`, and `modes.<mode>` per further mode.',
  parameters: JSON_PARAMETERS,
  readOptions(query) {
    const spec = readChoice(query, 'spec', JSON_PARAMETERS.spec);
    const references = readChoice(query, 'references', JSON_PARAMETERS.references);
    if (spec !== undefined) return { spec, references };
    if (references === 'keep')
      throw new FormatOptionError('`references=keep` goes with `spec=2025.10` (the string-valued export writes resolved values only).');
    return {};
  },
  render: (system, options) => (options.spec === undefined ? renderDtcgJson(system) : renderStrictDtcgJson(system, options.references)),
  examples: ['', '?spec=2025.10'],
  fileName: ({ spec }) => (spec === undefined ? 'tokens.json' : `tokens.${spec}.json`),
});

/** The row of `/export/resolver`: a DTCG 2025.10 resolver document. */
export const RESOLVER_FORMAT = defineFormat<NoOptions>({
  path: '/export/resolver',
  platform: 'web',
  contentType: JSON_TYPE,
  title: 'DTCG 2025.10 resolver document',
  description:
    'A DTCG 2025.10 resolver document: one set `tokens`, one modifier `theme` with one context per mode (`light`, `dark`, then each further mode).',
  bodySchema: DTCG_RESOLVER_SCHEMA,
  ...withoutParameters('tokens.resolver.json'),
  render: renderDtcgResolver,
});
