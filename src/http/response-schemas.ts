import type { FastifyInstance } from 'fastify';
import { MODE_NAME as MODE_NAME_PATTERN } from '../compile/fields/read-modes.js';
import { ERRORS } from './errors.js';
import { COMMIT_ID_PATTERN } from '../state/revisions.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../views/formats/output-formats.js';
import { routeOf } from '../views/formats/output-format.js';
import { ZIP_TYPE } from '../views/shared/rendered.js';

/**
 * The response schemas of every route, by route URL. They are attached to the routes as they are registered
 * (`attachResponseSchemas`), so the OpenAPI document (`GET /api/v1/openapi.json`) is generated from them, and a test
 * checks every route's real responses against them. The routes send pre-rendered Buffers: Fastify never serializes
 * with these schemas, they describe what the views render.
 */

const JSON_TYPE = 'application/json';

const ERROR_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERRORS) },
        message: { type: 'string', description: 'A plain sentence for a person; never a stack trace.' },
        details: {
          type: 'array',
          description: 'The change-request errors only: the problems, diagnostics or conflicts the message summarises.',
        },
      },
    },
  },
} as const;

const ERROR_RESPONSES = {
  '4xx': { description: 'Client error: the one JSON error shape.', content: { [JSON_TYPE]: { schema: ERROR_BODY } } },
  '5xx': {
    description: 'Server error or design system unavailable: the one JSON error shape.',
    content: { [JSON_TYPE]: { schema: ERROR_BODY } },
  },
} as const;

const NOT_MODIFIED = { 304: { description: 'Not Modified: the `If-None-Match` ETag is current.', type: 'null' } } as const;

/** `{ data: <schema> }`, the envelope of every JSON read. */
export function dataOf(schema: object): object {
  return { type: 'object', additionalProperties: false, required: ['data'], properties: { data: schema } };
}

export function jsonResponse(description: string, schema: object): Record<string, unknown> {
  return { 200: { description, content: { [JSON_TYPE]: { schema } } }, ...NOT_MODIFIED, ...ERROR_RESPONSES };
}

function textResponse(description: string, mediaType: string): Record<string, unknown> {
  return { 200: { description, content: { [mediaType]: { schema: { type: 'string' } } } }, ...NOT_MODIFIED, ...ERROR_RESPONSES };
}

/** The response of each export route, from its format's row in the registry (views/formats/output-formats.ts). */
function exportResponses(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    OUTPUT_FORMAT_IDS.map((id): [string, Record<string, unknown>][] => {
      const format = OUTPUT_FORMATS[id];
      const mediaType = format.contentType.split(';')[0] ?? format.contentType;
      const response =
        mediaType === JSON_TYPE
          ? jsonResponse(format.description, format.bodySchema ?? { type: 'object' })
          : textResponse(format.description, mediaType);
      if (format.files === undefined) return [[routeOf(format), response]];
      return [
        [routeOf(format), response],
        [
          `${routeOf(format)}/*`,
          fileResponse('One file of the format’s folder, at a path its manifest lists, with the media type the manifest gives.'),
        ],
        [
          `${routeOf(format)}.zip`,
          fileResponse(
            'Every file of the manifest in one zip archive, in its order: deflated, fixed timestamps, the same bytes for the same snapshot.',
            ZIP_TYPE,
          ),
        ],
      ];
    }).flat(),
  );
}

/** A response whose body is bytes of a media type the request decides (one file of a folder), or of `mediaType`. */
function fileResponse(description: string, mediaType = '*/*'): Record<string, unknown> {
  return {
    200: { description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } },
    ...NOT_MODIFIED,
    ...ERROR_RESPONSES,
  };
}

const TOKEN_VALUE = {
  type: 'object',
  description:
    'The token’s value fields as written, defaults filled in (e.g. `{ scale, step, darkStep }` for a color, `{ primitive }` for a reference).',
};
/** A mode name as `system.yaml` declares it (`read-modes.ts`): lowercase words joined by single hyphens, at most 64 characters. */
const MODE_NAME = { type: 'string', maxLength: 64, pattern: MODE_NAME_PATTERN.source };
const TOKEN_MODES = {
  type: 'object',
  description:
    'Only when the token writes `modes`: per mode (`dark` or a mode `system.yaml` declares), the value fields it overrides there, as written (e.g. `{ "dark-dimmed": { "step": 800 } }`). A `darkStep` stays in `value`.',
  propertyNames: MODE_NAME,
  additionalProperties: { type: 'object' },
};
const TOKEN_DEPRECATED = {
  type: 'object',
  description: 'Only when the token is deprecated: why, the key of the token to use instead, and since when (each null when not said).',
  additionalProperties: false,
  required: ['message', 'replacement', 'since'],
  properties: {
    message: { type: ['string', 'null'] },
    replacement: { type: ['string', 'null'] },
    since: { type: ['string', 'null'], examples: ['2026-10-01'] },
  },
};
const TOKEN_REFERENCES = {
  type: 'object',
  description:
    'Single-token reads only, when the value refers to other tokens: per mode, `chain` (every token a `ref` resolves through, the one it names first), `parts` (each part written as a reference, by path, to the token it names) and `adjusted` (parts written as a reference whose value the part changes, such as a shadow layer with its own `opacity`).',
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    properties: {
      chain: { type: 'array', items: { type: 'string' } },
      parts: { type: 'object', additionalProperties: { type: 'string' } },
      adjusted: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
};
const TOKEN = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'type', 'value'],
  properties: {
    key: { type: 'string', examples: ['color.brand.primary'] },
    type: { type: 'string' },
    value: TOKEN_VALUE,
    modes: TOKEN_MODES,
    breakpoints: {
      type: 'object',
      description:
        'Only when the token writes `breakpoints`: per breakpoint `system.yaml` declares, the value fields it sets there (over the breakpoint before, in every mode) and its `modes` (fields in one mode there), as written (e.g. `{ "md": { "value": 24 } }`).',
      propertyNames: MODE_NAME,
      additionalProperties: { type: 'object' },
    },
    deprecated: TOKEN_DEPRECATED,
  },
};
const TOKEN_TREE = {
  type: 'object',
  description: 'Nested by key segment; each leaf is `{ type, value }`, plus `modes` when the token writes any.',
  additionalProperties: { type: 'object' },
};
const PRIMITIVE = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'value', 'unit'],
  properties: { key: { type: 'string' }, value: { type: ['number', 'string'] }, unit: { type: ['string', 'null'] } },
};
const HEX = { type: 'string', pattern: '^#[0-9A-F]{6}([0-9A-F]{2})?$', description: '`#RRGGBB`, or `#RRGGBBAA` when not opaque.' };
/** Per further mode (every mode `system.yaml` declares besides light and dark), a value; absent when there is none. */
const furtherModesOf = (value: object, description: string): object => ({
  type: 'object',
  description,
  propertyNames: MODE_NAME,
  additionalProperties: value,
});
const SCALE = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'steps'],
  properties: {
    key: { type: 'string' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['step', 'light', 'dark'],
        properties: {
          step: { type: 'integer', minimum: 0 },
          light: HEX,
          dark: HEX,
          modes: furtherModesOf(
            HEX,
            'Only when the design system declares further modes: the step’s color in each of them, in declaration order (a mode the step does not set has its base’s color).',
          ),
        },
      },
    },
  },
};
const DESIGN_SYSTEM = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'slug', 'description', 'tokenCount', 'scaleCount', 'lastUpdated'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    slug: { type: 'string' },
    description: { type: ['string', 'null'] },
    tokenCount: { type: 'integer', minimum: 0 },
    scaleCount: { type: 'integer', minimum: 0 },
    lastUpdated: { type: 'string', format: 'date-time' },
    modes: {
      type: 'array',
      description:
        'Only when `system.yaml` declares modes besides `light` and `dark`: each of them in declaration order, with the mode it takes unset values from (`base`) and its media query (`media`, null when none).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'base', 'media'],
        properties: { name: MODE_NAME, base: MODE_NAME, media: { type: ['string', 'null'], examples: ['(prefers-contrast: more)'] } },
      },
    },
    breakpoints: {
      type: 'array',
      description:
        'Only when `system.yaml` declares breakpoints: each of them narrowest first, with the width it applies from (`minWidth`, e.g. `48rem`) and the container it queries (`container`, null for the viewport).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'minWidth', 'container'],
        properties: { name: MODE_NAME, minWidth: { type: 'string', examples: ['48rem'] }, container: { type: ['string', 'null'] } },
      },
    },
  },
};
const DESIGN_SYSTEM_ENTRY = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'slug'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, slug: { type: 'string' } },
};
const listOf = (field: string): object =>
  dataOf({
    type: 'object',
    additionalProperties: false,
    required: [field],
    properties: { [field]: { type: 'array', items: DESIGN_SYSTEM_ENTRY } },
  });
const REVISIONS = dataOf({
  type: 'object',
  additionalProperties: false,
  required: ['revisions', 'nextCursor'],
  properties: {
    revisions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sha', 'date', 'subject'],
        properties: {
          sha: { type: 'string', pattern: COMMIT_ID_PATTERN },
          date: { type: 'string', format: 'date-time' },
          subject: { type: 'string' },
        },
      },
    },
    nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last one.' },
  },
});

/** An object with exactly these properties, all required. */
const closed = (properties: Record<string, object>): object => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const listOfItems = (items: object): object => ({ type: 'array', items });
const STRING = { type: 'string' };

/** An object with these properties, those in `required` required. */
const closedWithOptional = (properties: Record<string, object>, required: readonly string[]): object => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
const DIFF_MODE_VALUES = {
  light: STRING,
  dark: { type: ['string', 'null'], description: 'null when it equals light.' },
  modes: furtherModesOf(
    STRING,
    'Only when that side’s design system declares further modes: the value in each of them (as in the CSS export).',
  ),
};
const DIFF_VALUE = closedWithOptional(
  {
    ...DIFF_MODE_VALUES,
    breakpoints: {
      type: 'object',
      additionalProperties: closedWithOptional(DIFF_MODE_VALUES, ['light', 'dark']),
      description:
        'Only when that side’s design system declares breakpoints and the token’s value differs at one of them: its values at each breakpoint that side declares, in every mode (inheritance applied).',
    },
  },
  ['light', 'dark'],
);
const DIFF_BREAKPOINT_CONDITION = {
  minWidth: { ...STRING, description: 'As written, e.g. `48rem`.' },
  container: { type: ['string', 'null'], description: 'The container it queries; null for the viewport.' },
};
const DIFF_TOKEN = closed({ key: STRING, type: STRING, value: DIFF_VALUE });
const DIFF_SIDE = closed({
  ref: { type: ['string', 'null'], description: 'As given; null for the live snapshot.' },
  sha: { type: ['string', 'null'] },
});
const STEP_COLORS = closedWithOptional(
  {
    light: HEX,
    dark: HEX,
    modes: furtherModesOf(HEX, 'Only when that side’s design system declares further modes: the step’s color in each of them.'),
  },
  ['light', 'dark'],
);
const PRIMITIVE_VALUE = closed({ value: PRIMITIVE.properties.value, unit: PRIMITIVE.properties.unit });
const DIFF_BODY = closedWithOptional(
  {
    from: DIFF_SIDE,
    to: DIFF_SIDE,
    level: {
      type: 'string',
      enum: ['major', 'minor', 'patch', 'none'],
      description: '`major`: something removed or retyped; `minor`: something added; `patch`: only values changed; `none`.',
    },
    tokens: closedWithOptional(
      {
        added: listOfItems(DIFF_TOKEN),
        removed: listOfItems(DIFF_TOKEN),
        changed: listOfItems(
          closedWithOptional(
            {
              key: STRING,
              type: STRING,
              from: DIFF_VALUE,
              to: DIFF_VALUE,
              affects: {
                ...listOfItems(STRING),
                description:
                  'Only when some token changed only because it refers to this one (directly or through others): those tokens, which are not listed on their own.',
              },
              changedAt: {
                ...listOfItems(STRING),
                description:
                  'Only when either side declares breakpoints: where the value changed, `base` (below the first breakpoint) and each breakpoint, `base` first.',
              },
            },
            ['key', 'type', 'from', 'to'],
          ),
        ),
        retyped: listOfItems(
          closed({ key: STRING, from: closed({ type: STRING, value: DIFF_VALUE }), to: closed({ type: STRING, value: DIFF_VALUE }) }),
        ),
        deprecated: {
          ...listOfItems(closed({ key: STRING, deprecated: TOKEN_DEPRECATED })),
          description: 'Only when some token is deprecated in `to` and was not (or not so) in `from`.',
        },
      },
      ['added', 'removed', 'changed', 'retyped'],
    ),
    scales: closed({
      added: listOfItems(STRING),
      removed: listOfItems(STRING),
      changed: listOfItems(
        closed({
          key: STRING,
          stepsAdded: listOfItems({ type: 'integer' }),
          stepsRemoved: listOfItems({ type: 'integer' }),
          stepsChanged: listOfItems(closed({ step: { type: 'integer' }, from: STEP_COLORS, to: STEP_COLORS })),
        }),
      ),
    }),
    primitives: closed({
      added: listOfItems(closed({ type: STRING, ...PRIMITIVE.properties })),
      removed: listOfItems(closed({ type: STRING, ...PRIMITIVE.properties })),
      changed: listOfItems(closed({ type: STRING, key: STRING, from: PRIMITIVE_VALUE, to: PRIMITIVE_VALUE })),
    }),
    contrastRegressions: {
      ...listOfItems(
        closed({
          pair: STRING,
          mode: STRING,
          before: { type: ['number', 'null'] },
          after: { type: 'number' },
          required: { type: 'number' },
        }),
      ),
      description:
        'Only when either side declares contrast pairs: each pair and mode that passes in `from` (or is not checked there) and fails in `to`; any makes the level `major`.',
    },
    breakpoints: {
      ...closed({
        added: listOfItems(closed({ name: STRING, ...DIFF_BREAKPOINT_CONDITION })),
        removed: listOfItems(closed({ name: STRING, ...DIFF_BREAKPOINT_CONDITION })),
        changed: listOfItems(closed({ name: STRING, from: closed(DIFF_BREAKPOINT_CONDITION), to: closed(DIFF_BREAKPOINT_CONDITION) })),
      }),
      description:
        'Only when either side declares breakpoints: the declarations added (`minor`), removed (`major`) and changed (a width: `patch`; between the viewport and a container: `major`).',
    },
  },
  ['from', 'to', 'level', 'tokens', 'scales', 'primitives'],
);
const DIFF = dataOf(DIFF_BODY);

const HEALTH = {
  200: {
    description: 'The process is alive.',
    content: {
      [JSON_TYPE]: {
        schema: { type: 'object', additionalProperties: false, required: ['status'], properties: { status: { const: 'ok' } } },
      },
    },
  },
};
const READY = {
  200: {
    description: 'A first snapshot is loaded and the source is being followed.',
    content: {
      [JSON_TYPE]: {
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['status', 'seq'],
          properties: {
            status: { const: 'ready' },
            seq: { type: 'integer', minimum: 0, description: 'The snapshot being served.' },
            keys: {
              type: 'string',
              pattern: '^stale: ',
              description: 'Only while the keys file is not valid YAML: since when, and that the keys read before stay in force.',
            },
          },
        },
      },
    },
  },
  503: { description: 'Not ready yet (loading) or shutting down.', content: { [JSON_TYPE]: { schema: ERROR_BODY } } },
};

const CONTRAST_MODE = {
  type: 'object',
  additionalProperties: false,
  required: ['ratio', 'required', 'pass', 'apca'],
  properties: {
    ratio: {
      type: 'number',
      minimum: 1,
      maximum: 21,
      description: 'WCAG 2.1 contrast ratio, 2 decimals (translucent colors composited first).',
    },
    required: { type: 'number', enum: [3, 4.5, 7], description: 'The ratio WCAG 2.2 asks of the pair’s kind and level in this mode.' },
    pass: { type: 'boolean', description: 'Whether the unrounded ratio reaches `required`.' },
    apca: { type: 'number', description: 'APCA Lc (colorjs.io), 1 decimal: advice only, never a failure.' },
  },
};
const CONTRAST = {
  type: 'object',
  additionalProperties: false,
  required: ['pairs', 'minFontSize', 'fontSizes'],
  properties: {
    pairs: {
      type: 'array',
      description: 'The pairs of the `contrast` section in written order; empty when the design system declares none.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'foreground', 'background', 'kind', 'level', 'severity', 'typography', 'modes'],
        properties: {
          name: { type: 'string' },
          foreground: { type: 'string', description: 'Key of a color token.' },
          background: { type: 'string', description: 'Key of a color token.' },
          kind: { type: 'string', enum: ['text', 'large-text', 'non-text'] },
          level: { type: 'string', enum: ['AA', 'AAA'] },
          severity: { type: 'string', enum: ['error', 'warning'] },
          typography: {
            type: ['string', 'null'],
            description: 'Key of the typography token that decides, per mode, whether the text is large.',
          },
          modes: {
            type: 'object',
            description: 'Every mode of the design system, in its order.',
            propertyNames: MODE_NAME,
            additionalProperties: CONTRAST_MODE,
          },
        },
      },
    },
    minFontSize: { type: ['string', 'null'], examples: ['12px'] },
    fontSizes: {
      type: 'array',
      description:
        'Font sizes (font.size, typography, a dimension a typography takes its size from) below `minFontSize`, per token and mode.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['token', 'mode', 'size'],
        properties: { token: { type: 'string' }, mode: MODE_NAME, size: { type: 'string', examples: ['11px'] } },
      },
    },
  },
};

/** Response schemas by route URL (GET). */
const CHANGE_REQUEST = {
  type: 'object',
  description: 'A change request as its branch holds it (docs/change-requests.md).',
  required: [
    'id',
    'designSystem',
    'title',
    'description',
    'state',
    'branch',
    'base',
    'head',
    'target',
    'author',
    'createdAt',
    'updatedAt',
    'approvedBy',
    'mergedAs',
    'operations',
    'commits',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    designSystem: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    state: { type: 'string', enum: ['open', 'approved', 'merged', 'closed'] },
    branch: { type: 'string', description: 'The branch, `token-changes/<designSystem>/<id>`: `?ref=` previews it.' },
    base: { type: 'string', pattern: COMMIT_ID_PATTERN },
    head: { type: 'string', pattern: COMMIT_ID_PATTERN },
    target: { type: 'string' },
    author: {
      type: 'object',
      additionalProperties: false,
      required: ['key', 'name', 'email'],
      properties: { key: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    approvedBy: { type: 'array', items: { type: 'string' } },
    mergedAs: { type: ['string', 'null'] },
    operations: { type: 'array', items: { type: 'object' } },
    commits: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['commit', 'action', 'by', 'at'],
        properties: { commit: { type: 'string' }, action: { type: 'string' }, by: { type: 'string' }, at: { type: 'string' } },
      },
    },
  },
} as const;

const PREVIEW_CHECKS = {
  type: 'object',
  description: 'Per mode where the pair is checked: the WCAG 2.2 ratio (2 decimals), the ratio required, whether it passes.',
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    required: ['ratio', 'required', 'pass'],
    properties: { ratio: { type: 'number' }, required: { type: 'number' }, pass: { type: 'boolean' } },
  },
} as const;
const MODE_TEXTS = {
  type: ['object', 'null'],
  additionalProperties: { type: 'string' },
  description: 'CSS text per mode; null: no such token.',
};
const PREVIEW_VALUES = {
  type: ['object', 'null'],
  description:
    'With `"values": true` only (null when the result does not compile): what the change moves, as the compiler computes it, before (the base) and after.',
  additionalProperties: false,
  required: ['modes', 'tokens', 'contrast', 'omitted'],
  properties: {
    modes: { type: 'array', items: { type: 'string' } },
    tokens: {
      type: 'array',
      description: 'Each token whose value differs in some mode, or that an operation names (at most 500).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'type', 'before', 'after'],
        properties: { key: { type: 'string' }, type: { type: 'string' }, before: MODE_TEXTS, after: MODE_TEXTS },
      },
    },
    contrast: {
      type: 'array',
      description: 'Each contrast pair a listed token is part of, or whose check moved (at most 500).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'foreground', 'background', 'kind', 'level', 'before', 'after'],
        properties: {
          name: { type: 'string' },
          foreground: { type: 'string' },
          background: { type: 'string' },
          kind: { type: 'string', enum: ['text', 'large-text', 'non-text'] },
          level: { type: 'string', enum: ['AA', 'AAA'] },
          before: { anyOf: [PREVIEW_CHECKS, { type: 'null' }] },
          after: PREVIEW_CHECKS,
        },
      },
    },
    omitted: {
      type: 'object',
      additionalProperties: false,
      required: ['tokens', 'contrast'],
      properties: { tokens: { type: 'integer', minimum: 0 }, contrast: { type: 'integer', minimum: 0 } },
    },
  },
} as const;

/** A change request's head checked as `validate` checks it. */
const CHANGE_VALIDATION = {
  type: 'object',
  additionalProperties: false,
  required: ['valid', 'diagnostics'],
  description:
    'The design system at the head, checked as `token-server validate` checks it (the compiler, the export formats’ lints, the contrast pairs): `valid` is false when any diagnostic is an error.',
  properties: { valid: { type: 'boolean' }, diagnostics: { type: 'array', items: { type: 'object' } } },
} as const;

/** The answer of the change-request writes (open, update, approve, merge, close): the change request as it is now. */
export const CHANGE_RESPONSE = jsonResponse(
  'The change request as it is now.',
  dataOf({ type: 'object', additionalProperties: false, required: ['change'], properties: { change: CHANGE_REQUEST } }),
);

/** The answer of `POST /api/v1/changes/preview` (the only POST route whose answer is not a change request). */
export const PREVIEW_RESPONSE = jsonResponse(
  'What the operations would change and every problem of the result, without committing.',
  dataOf({
    type: 'object',
    additionalProperties: false,
    required: ['changedFiles', 'diagnostics', 'valid'],
    properties: {
      changedFiles: { type: 'array', items: { type: 'string' } },
      diagnostics: { type: 'array', items: { type: 'object' } },
      valid: { type: 'boolean' },
      values: PREVIEW_VALUES,
    },
  }),
);

export const RESPONSE_SCHEMAS: Readonly<Record<string, Record<string, unknown>>> = {
  '/api/v1/changes/role': jsonResponse(
    'What the key may do with change requests of the design system: `read` (also every browser credential), `editor` or `reviewer`, with the identity its commits are authored with.',
    dataOf({
      type: 'object',
      additionalProperties: false,
      required: ['designSystem', 'role', 'author', 'mergeNeedsApproval'],
      properties: {
        designSystem: { type: 'string' },
        role: { type: 'string', enum: ['read', 'editor', 'reviewer'] },
        author: {
          type: ['object', 'null'],
          additionalProperties: false,
          required: ['name', 'email'],
          properties: { name: { type: 'string' }, email: { type: 'string' } },
        },
        mergeNeedsApproval: { type: 'boolean', description: 'Whether a merge needs an approval by a reviewer other than the author.' },
      },
    }),
  ),
  '/api/v1/changes': jsonResponse(
    'The change requests of the design system, newest first (at most 500).',
    dataOf({
      type: 'object',
      additionalProperties: false,
      required: ['changes'],
      properties: { changes: { type: 'array', items: CHANGE_REQUEST } },
    }),
  ),
  '/api/v1/changes/:id': jsonResponse(
    'One change request: its operations, commits and state, the validation of its head, and what its head changes against its base.',
    dataOf({
      type: 'object',
      additionalProperties: false,
      required: ['change', 'validation', 'diff'],
      properties: {
        change: CHANGE_REQUEST,
        validation: CHANGE_VALIDATION,
        diff: {
          anyOf: [DIFF_BODY, { type: 'null' }],
          description:
            'The `data` of `GET /api/v1/diff?from=<base>&to=<head>` (the level, tokens, scales, primitives and contrast regressions); null when the base or the head has no design system to compare.',
        },
      },
    }),
  ),
  '/api/v1/tokens': jsonResponse(
    'Tokens of the design system, flat (`format=flat`) or nested.',
    dataOf({
      type: 'object',
      additionalProperties: false,
      required: ['tokens', 'total'],
      properties: {
        tokens: { anyOf: [{ type: 'array', items: TOKEN }, TOKEN_TREE] },
        total: { type: 'integer', minimum: 0, description: 'Tokens returned.' },
      },
    }),
  ),
  '/api/v1/tokens/*': jsonResponse(
    'One token, named by its path (`/tokens/color/brand/primary`); a deprecated one comes with `Deprecation` (RFC 9745) and, when it names a replacement, a `Link` to it.',
    dataOf({ ...TOKEN, properties: { ...TOKEN.properties, references: TOKEN_REFERENCES } }),
  ),
  '/api/v1/primitives': jsonResponse(
    'Primitives by type.',
    dataOf({
      type: 'object',
      additionalProperties: false,
      required: ['primitives'],
      properties: { primitives: { type: 'object', additionalProperties: { type: 'array', items: PRIMITIVE } } },
    }),
  ),
  '/api/v1/scales': jsonResponse(
    'Color scales, steps ascending; `modes` on each step only when the design system declares further modes.',
    dataOf({ type: 'object', additionalProperties: false, required: ['scales'], properties: { scales: { type: 'array', items: SCALE } } }),
  ),
  '/api/v1/design-system': jsonResponse('Metadata of the design system.', dataOf(DESIGN_SYSTEM)),
  '/api/v1/project': jsonResponse('Metadata of the design system (alias of `/design-system`).', dataOf(DESIGN_SYSTEM)),
  '/api/v1/design-systems': jsonResponse('The design systems the key may read.', listOf('designSystems')),
  '/api/v1/design-systems/:id/contrast': jsonResponse(
    'Each contrast pair the design system declares, checked in every mode against WCAG 2.2, with APCA Lc as advice; the minimum font size and the sizes below it.',
    dataOf(CONTRAST),
  ),
  '/api/v1/projects': jsonResponse('The design systems the key may read (alias of `/design-systems`).', listOf('projects')),
  ...exportResponses(),
  '/api/v1/revisions': jsonResponse('Commits that changed the design system, newest first.', REVISIONS),
  '/api/v1/diff': jsonResponse('What changed in the design system between two revisions, and how much it can break (`level`).', DIFF),
  '/api/v1/events': {
    200: {
      description:
        'Server-Sent Events: a `snapshot` event now and on each change of the design system, `: heartbeat` comments, an `error` event before the stream ends.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
    ...ERROR_RESPONSES,
  },
  '/api/v1/openapi.json': { 200: { description: 'This OpenAPI 3.1 document.', content: { [JSON_TYPE]: { schema: { type: 'object' } } } } },
  '/healthz': HEALTH,
  '/readyz': READY,
  '/metrics': {
    200: { description: 'Prometheus text exposition format.', content: { 'text/plain': { schema: { type: 'string' } } } },
    ...ERROR_RESPONSES,
  },
};

const READ_ONLY_REFUSAL = ['DELETE', 'PATCH', 'POST', 'PUT'];

/**
 * Attaches `RESPONSE_SCHEMAS` to GET routes as they are registered, and hides the 405 answers to other methods on
 * the read routes from the OpenAPI document. Call before registering routes.
 */
export function attachResponseSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const schema = route.schema ?? {};
    // The 405 answers the app registers for other methods on the read routes are not operations of the API.
    if (READ_ONLY_REFUSAL.every((method) => methods.includes(method))) {
      route.schema = { ...schema, hide: true };
      return;
    }
    if (!methods.includes('GET')) return;
    const response = RESPONSE_SCHEMAS[route.url];
    if (response !== undefined && schema.response === undefined) route.schema = { ...schema, response };
  });
}
