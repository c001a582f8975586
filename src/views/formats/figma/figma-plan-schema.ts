/** JSON Schema fragments of the plan's values, shared by its variables and styles. */
const RGBA = {
  type: 'object',
  additionalProperties: false,
  required: ['r', 'g', 'b', 'a'],
  properties: Object.fromEntries(['r', 'g', 'b', 'a'].map((channel) => [channel, { type: 'number', minimum: 0, maximum: 1 }])),
};
const ALIAS = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'variable'],
  properties: { type: { const: 'VARIABLE_ALIAS' }, variable: { type: 'string', minLength: 1 } },
};
const EASING = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'easingFunctionCubicBezier'],
  properties: {
    type: { const: 'CUSTOM_CUBIC_BEZIER' },
    easingFunctionCubicBezier: {
      type: 'object',
      additionalProperties: false,
      required: ['x1', 'y1', 'x2', 'y2'],
      properties: Object.fromEntries(['x1', 'y1', 'x2', 'y2'].map((point) => [point, { type: 'number' }])),
    },
  },
};
const COMPOSED = {
  type: 'object',
  additionalProperties: false,
  required: ['color', 'opacity'],
  properties: { color: ALIAS, opacity: { type: 'number', minimum: 0, maximum: 100 } },
};
const STRING_MAP = { type: 'object', additionalProperties: { type: 'string' } };
const DESCRIPTION = { type: 'string' };

/**
 * The JSON Schema of the Figma plan (`FigmaPlan` in figma-plan.ts), for the OpenAPI document and the tests; strict
 * (`additionalProperties: false`) so a field added to the plan is added here too.
 */
export const FIGMA_PLAN_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'designSystem', 'contentHash', 'collections', 'variables', 'textStyles', 'effectStyles', 'notCarried'],
  properties: {
    format: { const: 'figma-plan' },
    version: { const: 1 },
    designSystem: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'slug', 'name'],
      properties: { id: { type: 'string' }, slug: { type: 'string' }, name: { type: 'string' } },
    },
    contentHash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    collections: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'modes'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          modes: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'name'],
              properties: { id: { type: 'string' }, name: { type: 'string', minLength: 1, maxLength: 40 } },
            },
          },
        },
      },
    },
    variables: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'token', 'collection', 'name', 'resolvedType', 'description', 'scopes', 'codeSyntax', 'valuesByMode'],
        properties: {
          id: { type: 'string' },
          token: { type: 'string' },
          part: { type: 'string' },
          collection: { type: 'string' },
          name: { type: 'string', pattern: '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$' },
          resolvedType: { enum: ['BOOLEAN', 'COLOR', 'EASING', 'FLOAT', 'STRING', 'TIMING'] },
          description: DESCRIPTION,
          scopes: { type: 'array', uniqueItems: true, items: { type: 'string' } },
          codeSyntax: {
            type: 'object',
            additionalProperties: false,
            properties: { WEB: { type: 'string' }, ANDROID: { type: 'string' }, iOS: { type: 'string' } },
          },
          valuesByMode: {
            type: 'object',
            minProperties: 1,
            additionalProperties: { oneOf: [{ type: 'boolean' }, { type: 'number' }, { type: 'string' }, RGBA, EASING, ALIAS, COMPOSED] },
          },
        },
      },
    },
    textStyles: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'id',
          'token',
          'name',
          'description',
          'fontFamily',
          'fontWeight',
          'fontSize',
          'lineHeight',
          'letterSpacing',
          'boundVariables',
        ],
        properties: {
          id: { type: 'string' },
          token: { type: 'string' },
          name: { type: 'string' },
          description: DESCRIPTION,
          fontFamily: { type: 'string' },
          fontWeight: { type: 'number' },
          fontSize: { type: 'number' },
          lineHeight: {
            oneOf: [
              {
                type: 'object',
                additionalProperties: false,
                required: ['unit', 'value'],
                properties: { unit: { enum: ['PIXELS', 'PERCENT'] }, value: { type: 'number' } },
              },
              { type: 'object', additionalProperties: false, required: ['unit'], properties: { unit: { const: 'AUTO' } } },
            ],
          },
          letterSpacing: {
            type: 'object',
            additionalProperties: false,
            required: ['unit', 'value'],
            properties: { unit: { enum: ['PIXELS', 'PERCENT'] }, value: { type: 'number' } },
          },
          boundVariables: STRING_MAP,
        },
      },
    },
    effectStyles: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'token', 'name', 'description', 'effects'],
        properties: {
          id: { type: 'string' },
          token: { type: 'string' },
          name: { type: 'string' },
          description: DESCRIPTION,
          effects: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['type', 'color', 'offset', 'radius', 'spread', 'visible', 'blendMode', 'boundVariables'],
              properties: {
                type: { enum: ['DROP_SHADOW', 'INNER_SHADOW'] },
                color: RGBA,
                offset: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['x', 'y'],
                  properties: { x: { type: 'number' }, y: { type: 'number' } },
                },
                radius: { type: 'number', minimum: 0 },
                spread: { type: 'number' },
                visible: { const: true },
                blendMode: { const: 'NORMAL' },
                boundVariables: STRING_MAP,
              },
            },
          },
        },
      },
    },
    notCarried: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['token', 'level', 'reason'],
        properties: { token: { type: 'string' }, level: { enum: ['lossy', 'skipped'] }, reason: { type: 'string' } },
      },
    },
  },
} as const;
