import type { FastifyInstance } from 'fastify';
import type { ApiRuntime } from '../http/api-runtime.js';
import type { Metrics } from '../http/metrics.js';
import { McpToolRunner } from '../http/mcp-tool-thread.js';
import { registerOpsRoutes } from '../http/ops-routes.js';
import { registerChangeRoutes } from '../http/routes/changes.js';
import { registerContrastRoutes } from '../http/routes/contrast.js';
import { registerDiffRoutes } from '../http/routes/diff.js';
import { registerEventRoutes } from '../http/routes/events.js';
import { registerExportRoutes } from '../http/routes/exports.js';
import { registerMcpRoutes } from '../http/routes/mcp.js';
import { registerResourceRoutes } from '../http/routes/resources.js';
import { registerRevisionRoutes } from '../http/routes/revisions.js';
import { registerTokenRoutes } from '../http/routes/tokens.js';
import { registerUiRoutes } from '../http/routes/ui.js';
import { DEFAULT_REQUIRED_APPROVALS } from '../compile/fields/read-system-meta.js';
import type { ChangeRequestService } from '../state/change-requests.js';
import type { SnapshotStore } from '../state/store.js';

export interface RouteSettings {
  readonly store: SnapshotStore;
  readonly metrics: Metrics;
  readonly isReady?: () => boolean;
  readonly metricsToken?: string | undefined;
  readonly eventsHeartbeatMs?: number;
  readonly now?: () => number;
  /** Browser origins allowed by CORS: `/mcp` takes requests from them (and localhost) only. */
  readonly corsOrigins?: readonly string[] | undefined;
  /** Design systems with more values answer `/diff` and the indexed MCP tools in the worker (default `MCP_OFF_THREAD_VALUES`). */
  readonly toolOffThreadValues?: number | undefined;
  /** Change requests in the source's Git repository; absent when the source is a plain folder. */
  readonly changes?: ChangeRequestService | undefined;
}

/** Registers every route: operations, the API resources, exports, revisions, diffs, the event stream, MCP and the UI. */
export function registerRoutes(app: FastifyInstance, runtime: ApiRuntime, settings: RouteSettings): void {
  registerOpsRoutes(app, {
    metrics: settings.metrics,
    currentSnapshot: () => settings.store.current,
    isReady: settings.isReady ?? (() => true),
    metricsToken: settings.metricsToken,
  });
  registerTokenRoutes(app, runtime);
  registerResourceRoutes(app, runtime);
  registerContrastRoutes(app, runtime);
  registerExportRoutes(app, runtime);
  registerRevisionRoutes(app, runtime);
  // One worker for the whole-system work of MCP tools and of `/diff` (it holds the design systems it was sent).
  const tools = new McpToolRunner(settings.toolOffThreadValues === undefined ? {} : { offThreadValues: settings.toolOffThreadValues });
  app.addHook('onClose', () => tools.close());
  registerDiffRoutes(app, runtime, tools);
  registerEventRoutes(app, runtime, settings.store, {
    heartbeatMs: settings.eventsHeartbeatMs,
    now: settings.now,
    changes: settings.changes,
  });
  registerMcpRoutes(app, runtime, {
    store: settings.store,
    corsOrigins: settings.corsOrigins,
    now: settings.now,
    changes: settings.changes,
  });
  registerChangeRoutes(app, {
    changes: settings.changes,
    runtime,
    tools,
    // The live design system's `review` setting (what its target's tip says; the merge re-checks the content itself).
    requireApproval: (slug) => (settings.store.current.systems.get(slug)?.compiled?.review?.approvals ?? DEFAULT_REQUIRED_APPROVALS) > 0,
  });
  registerUiRoutes(app);
}
