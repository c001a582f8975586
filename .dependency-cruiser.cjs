// The arrows of the data flow (CONTRIBUTING.md), checked by `npm run layers` in `npm test`:
//   source -> state (events) -> views -> http, with compile/ pure underneath all of them.
// Each rule names what a folder must not reach; a violation prints the rule's comment.
const IO_MODULES = '^(node:)?(fs|fs/promises|child_process|net|http|https|http2|dgram|worker_threads|cluster)$';
const SERVER_AND_GIT = '^(fastify|@fastify/.+|simple-git|chokidar|prom-client)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules import each other in a cycle: move what both need into a module below them.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'compile-is-pure',
      severity: 'error',
      comment: 'compile/ turns text into a design system: no file system, processes, network, Fastify, git or watcher.',
      from: { path: '^src/compile/' },
      to: { path: [IO_MODULES, SERVER_AND_GIT] },
    },
    {
      name: 'compile-is-the-bottom',
      severity: 'error',
      comment: 'compile/ is the bottom layer: it imports no other folder of src/.',
      from: { path: '^src/compile/' },
      to: { path: '^src/', pathNot: '^src/compile/' },
    },
    // compile/ in stages, each importing only the stages before it (and the shared types.ts): diagnostics and
    // values (value syntax) at the bottom, then yaml (text to located entries), fields (checked fields to typed
    // drafts), resolve (drafts to typed values per mode); keys (the keys file) beside fields. compile-design-system.ts
    // runs them; no stage imports it.
    {
      name: 'compile-stage-diagnostics',
      severity: 'error',
      comment: 'compile/diagnostics/ (rules, messages, suggestions) is the bottom stage: it imports no other stage.',
      from: { path: '^src/compile/diagnostics/' },
      to: { path: '^src/compile/(values|yaml|fields|resolve|keys)/' },
    },
    {
      name: 'compile-stage-values',
      severity: 'error',
      comment: 'compile/values/ parses value syntax (colors, lengths, CSS text): it imports only diagnostics/.',
      from: { path: '^src/compile/values/' },
      to: { path: '^src/compile/(yaml|fields|resolve|keys)/' },
    },
    {
      name: 'compile-stage-yaml',
      severity: 'error',
      comment: 'compile/yaml/ turns text into located entries: it imports no later stage (fields/, resolve/, keys/).',
      from: { path: '^src/compile/yaml/' },
      to: { path: '^src/compile/(fields|resolve|keys)/' },
    },
    {
      name: 'compile-stage-fields',
      severity: 'error',
      comment: 'compile/fields/ checks fields into typed drafts: it imports neither resolve/ nor keys/.',
      from: { path: '^src/compile/fields/' },
      to: { path: '^src/compile/(resolve|keys)/' },
    },
    {
      name: 'compile-stage-keys',
      severity: 'error',
      comment: 'compile/keys/ reads the keys file: it needs neither the token fields nor resolving.',
      from: { path: '^src/compile/keys/' },
      to: { path: '^src/compile/(fields|resolve)/' },
    },
    {
      name: 'compile-stages-below-the-entry',
      severity: 'error',
      comment: 'compile-design-system.ts runs the stages: no stage imports it.',
      from: { path: '^src/compile/[^/]+/' },
      to: { path: '^src/compile/compile-design-system\\.ts$' },
    },
    {
      name: 'views-are-pure',
      severity: 'error',
      comment: 'views/ turns a snapshot into bytes: it imports neither source/ nor http/, nor any I/O, Fastify or git.',
      from: { path: '^src/views/' },
      to: { path: ['^src/(source|http|cli)/', IO_MODULES, SERVER_AND_GIT] },
    },
    // views/ by family (STYLE.md): shared/ holds the printers every family uses, formats/ the format contract and the
    // registry, one folder per family under it; api/ and diff/ are the JSON views of the other routes; lint/ the
    // problems `validate` (and a change request's validation) adds to the compiler's: the formats' lints, the contrast checks.
    {
      name: 'views-shared-is-shared',
      severity: 'error',
      comment:
        'views/shared/ holds what every view uses (CSS values and names, the writer, mode values, the token tree, memos): it imports no family, no registry, no api/ or diff/ view.',
      from: { path: '^src/views/shared/' },
      to: { path: '^src/views/(formats|api|diff)/' },
    },
    {
      name: 'format-family-stands-alone',
      severity: 'error',
      comment:
        'A format family (views/formats/<family>/) imports only its own folder, views/shared/, the format contract (formats/output-format.ts, formats/several-files.ts) and compile/: what two families share goes to views/shared/.',
      from: { path: '^src/views/formats/([^/]+)/', pathNot: '^src/views/formats/figma/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/views/formats/$1/',
          '^src/views/shared/',
          '^src/views/formats/(output-format|several-files)\\.ts$',
          '^src/compile/',
        ],
      },
    },
    {
      name: 'design-family-names-platforms',
      severity: 'error',
      comment:
        'The one declared cross-family use: the Figma plan (views/formats/figma/) gives each variable the code syntax of the platforms, the very symbols the Android and iOS exports write, so it may read those two families; otherwise it stands alone like any family.',
      from: { path: '^src/views/formats/figma/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/views/formats/(figma|android|ios)/',
          '^src/views/shared/',
          '^src/views/formats/(output-format|several-files)\\.ts$',
          '^src/compile/',
        ],
      },
    },
    {
      name: 'formats-know-no-other-views',
      severity: 'error',
      comment: 'views/formats/ (the registry, jobs, manifest, zip and the families) imports neither api/ nor diff/.',
      from: { path: '^src/views/formats/' },
      to: { path: '^src/views/(api|diff)/' },
    },
    {
      name: 'mcp-is-pure',
      severity: 'error',
      comment: "mcp/ computes the MCP tools' answers from a compiled design system: pure like views/; http/routes/mcp.ts wires the SDK.",
      from: { path: '^src/mcp/' },
      to: { path: ['^src/(source|http|cli|app)/', IO_MODULES, SERVER_AND_GIT, '^@modelcontextprotocol/'] },
    },
    {
      name: 'import-is-pure',
      severity: 'error',
      comment: 'import/ turns other formats into our YAML: pure, like compile/ and views/ it uses; the CLI reads and writes the files.',
      from: { path: '^src/import/' },
      to: { path: ['^src/(source|state|http|cli|app)/', IO_MODULES, SERVER_AND_GIT] },
    },
    {
      name: 'changes-are-pure',
      severity: 'error',
      comment:
        'changes/ turns change-request operations into edited YAML text and merges them token by token: pure, like compile/ it uses; Git is written from source/.',
      from: { path: '^src/changes/' },
      to: { path: ['^src/(source|state|views|http|cli|app|mcp|import)/', IO_MODULES, SERVER_AND_GIT] },
    },
    {
      name: 'state-knows-no-edges',
      severity: 'error',
      comment:
        'state/ holds events, the reducer, the store and the interfaces the edges share: it imports neither source/, views/ nor http/.',
      from: { path: '^src/state/' },
      to: { path: ['^src/(source|views|http|cli)/', SERVER_AND_GIT] },
    },
    {
      name: 'http-reaches-source-through-interfaces',
      severity: 'error',
      comment: 'http/ reaches the source only through the store and the interfaces in state/: it never imports source/ (or the CLI).',
      from: { path: '^src/http/' },
      to: { path: ['^src/(source|cli)/', '^(simple-git|chokidar)$'] },
    },
    {
      name: 'source-only-emits-events',
      severity: 'error',
      comment: 'source/ talks to the outside world and emits events: it imports neither views/, http/, the CLI nor Fastify.',
      from: { path: '^src/source/', pathNot: '^src/source/change-worker\\.ts$' },
      to: { path: ['^src/(views|http|cli)/', '^(fastify|@fastify/.+)$'] },
    },
    {
      name: 'change-worker-lints-as-validate',
      severity: 'error',
      comment:
        "The change-request worker's entry (a thread's root, like app.ts) validates a write as `validate` does, so it may import views/lint/ (the pure lints validate adds to the compiler's problems) and no other view, http/, the CLI or Fastify.",
      from: { path: '^src/source/change-worker\\.ts$' },
      to: { path: ['^src/(views|http|cli)/', '^(fastify|@fastify/.+)$'], pathNot: '^src/views/lint/' },
    },
    {
      name: 'cli-has-no-server',
      severity: 'error',
      comment: 'The validate and keys commands never start a server: cli/ imports neither http/ nor Fastify.',
      from: { path: '^src/cli/' },
      to: { path: ['^src/http/', '^(fastify|@fastify/.+)$'] },
    },
    {
      name: 'config-stands-alone',
      severity: 'error',
      comment:
        'config/ is the schema of the options: every layer may read it, so it imports none of them (but the ' +
        'did-you-mean of compile/diagnostics/suggest.ts, a leaf that imports nothing).',
      from: { path: '^src/config/' },
      to: {
        path: ['^src/(compile|state|views|http|source|cli|app)/', IO_MODULES, SERVER_AND_GIT],
        pathNot: '^src/compile/diagnostics/suggest\\.ts$',
      },
    },
    // packages/client is a package of its own that apps install: no runtime dependencies, only the API.
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment: 'packages/client ships without dependencies: it imports only its own modules (and React, in react.ts).',
      from: { path: '^packages/client/src/' },
      to: { pathNot: ['^packages/client/src/', '^react$', 'node_modules/react/', 'node_modules/@types/react/'] },
    },
    {
      name: 'client-react-only-in-react-entry',
      severity: 'error',
      comment: 'React is an optional peer dependency: only packages/client/src/react.ts may import it.',
      from: { path: '^packages/client/src/', pathNot: '^packages/client/src/react\\.ts$' },
      to: { path: ['^react$', 'node_modules/react/', 'node_modules/@types/react/'] },
    },
    // packages/figma-plugin runs in Figma: it bundles its own modules only and knows the server by its types.
    {
      name: 'figma-plugin-stands-alone',
      severity: 'error',
      comment: 'packages/figma-plugin imports its own modules, and from the server only the plan types and the change operations.',
      from: { path: '^packages/figma-plugin/(src|ui)/' },
      to: { pathNot: ['^packages/figma-plugin/', '^src/views/formats/figma/figma-plan\\.ts$', '^src/changes/operations\\.ts$'] },
    },
    {
      name: 'figma-plugin-server-types-only',
      severity: 'error',
      comment: 'packages/figma-plugin is bundled for Figma: import server modules with `import type`, so no server code ships in it.',
      from: { path: '^packages/figma-plugin/(src|ui)/' },
      to: { path: '^src/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
