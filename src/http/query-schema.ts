import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { suggestClosest } from '../compile/suggest.js';
import { ApiError } from './errors.js';

/** The shape of a Git ref parameter (`ref`, `from`, `to`); `checkRef` refines it before it reaches Git. */
export const REF_PARAMETER = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_][A-Za-z0-9._/@~^-]*$' } as const;

/** Parameters every `/api/v1` route accepts. */
const COMMON_PARAMETERS = {
  designSystem: {
    type: 'string',
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Slug or id of another design system the key may read (default: the key’s own).',
  },
  ref: { ...REF_PARAMETER, description: 'Answer as of this Git commit sha, tag or branch (default: the live snapshot).' },
} as const;

/** A querystring schema with the common parameters; unknown parameters are refused, not ignored. */
export function querySchema(properties: Record<string, object> = {}): Record<string, unknown> {
  return { type: 'object', additionalProperties: false, properties: { ...COMMON_PARAMETERS, ...properties } };
}

/** Turns Ajv's first error into the API's 400, naming the parameter and what it accepts. */
export function formatValidationError(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const error = errors[0];
  if (error === undefined || dataVar !== 'querystring') return new ApiError('invalid_parameter', `Invalid ${dataVar}.`);
  const params = error.params;
  const name = error.instancePath.replace(/^\//, '');
  switch (error.keyword) {
    case 'required':
      return new ApiError('invalid_parameter', `Missing query parameter \`${String(params['missingProperty'])}\`.`);
    case 'additionalProperties':
      return new ApiError('invalid_parameter', `Unknown query parameter \`${String(params['additionalProperty'])}\`.`);
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]).map(String);
      // The refused value is there because Ajv runs with `verbose` (see app.ts); the CLI suggests the same way.
      const value = (error as { data?: unknown }).data;
      const suggestion = typeof value === 'string' ? suggestClosest(value, allowed) : undefined;
      return new ApiError(
        'invalid_parameter',
        `\`${name}\` must be one of: ${allowed.join(', ')}.${suggestion === undefined ? '' : ` Did you mean \`${suggestion}\`?`}`,
      );
    }
    case 'pattern':
    case 'minLength':
    case 'maxLength':
      return new ApiError('invalid_parameter', `\`${name}\` is malformed: ${describe(error)}.`);
    case 'type':
      return new ApiError('invalid_parameter', `\`${name}\` must be a single ${String(params['type'])} value.`);
    default:
      return new ApiError('invalid_parameter', `\`${name}\` ${error.message ?? 'is invalid'}.`);
  }
}

function describe(error: FastifySchemaValidationError): string {
  const params = error.params;
  if (error.keyword === 'pattern') return `it must match ${String(params['pattern'])}`;
  if (error.keyword === 'maxLength') return `at most ${String(params['limit'])} characters`;
  return `at least ${String(params['limit'])} character`;
}
