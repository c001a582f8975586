import type { FastifyTypeProvider } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { suggestClosest } from '../compile/diagnostics/suggest.js';
import { MAX_REF_LENGTH, REF_CHARACTERS_PATTERN } from '../state/revisions.js';
import { ApiError } from './errors.js';

/** A query parameter's schema, as far as the type of its value goes: a string (maybe one of an enum) or an integer. */
interface ParameterSchema {
  readonly type: 'string' | 'integer';
  readonly enum?: readonly string[];
  readonly default?: string | number;
}

/** The value a parameter schema lets through: one of its enum, else a string or (coerced by Ajv) a number. */
type ParameterValue<Schema> = Schema extends { readonly enum: readonly (infer Value)[] }
  ? Value
  : Schema extends { readonly type: 'integer' }
    ? number
    : string;

/** Whether the handler always sees the parameter: the schema requires it, or Ajv fills in its default. */
type IsPresent<Schema, Name, Required> = Name extends Required ? true : Schema extends { readonly default: unknown } ? true : false;

/** The query string a handler sees once the schema has validated it. */
export type QueryOf<Parameters, Required = never> = {
  [Name in keyof Parameters as IsPresent<Parameters[Name], Name, Required> extends true ? Name : never]: ParameterValue<Parameters[Name]>;
} & {
  [Name in keyof Parameters as IsPresent<Parameters[Name], Name, Required> extends true ? never : Name]?: ParameterValue<Parameters[Name]>;
};

declare const QUERY: unique symbol;

/** A querystring schema that also carries, for the type checker only, the query it lets through. */
export interface QuerySchema<Query> {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly properties: Readonly<Record<string, ParameterSchema>>;
  readonly required?: readonly string[];
  readonly [QUERY]?: Query;
}

/**
 * Types `request.query` from the route's `querySchema(...)`: `app.withTypeProvider<QuerySchemaTypeProvider>()`. The
 * schema that validates the query string is the only place its parameters are written.
 */
export interface QuerySchemaTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends QuerySchema<infer Query> ? Query : unknown;
  readonly serializer: unknown;
}

/** The shape of a Git ref parameter (`ref`, `from`, `to`); `checkRef` refines it before it reaches Git. */
export const REF_PARAMETER = { type: 'string', minLength: 1, maxLength: MAX_REF_LENGTH, pattern: REF_CHARACTERS_PATTERN } as const;

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

/** The parameters every `/api/v1` route accepts, as its handler sees them. */
export type CommonQuery = QueryOf<typeof COMMON_PARAMETERS>;

/**
 * A querystring schema with the common parameters and `properties`; unknown parameters are refused, not ignored.
 * `required` names the parameters that must be there.
 */
export function querySchema<
  const Parameters extends Readonly<Record<string, ParameterSchema>> = Record<never, never>,
  const Required extends keyof Parameters & string = never,
>(properties?: Parameters, required?: readonly Required[]): QuerySchema<QueryOf<typeof COMMON_PARAMETERS & Parameters, Required>> {
  return {
    type: 'object',
    additionalProperties: false,
    properties: { ...COMMON_PARAMETERS, ...properties },
    ...(required === undefined ? {} : { required }),
  };
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
      // The refused value is there because Ajv runs with `verbose` (the app's Ajv options); the CLI suggests the same way.
      const value = 'data' in error ? error.data : undefined;
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
