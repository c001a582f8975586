import type { CompiledDesignSystem } from '../../compile/types.js';
import { renderFigmaPlan } from '../../views/formats/figma/export-figma.js';
import type { FigmaPlan } from '../../views/formats/figma/figma-plan.js';

/**
 * `figma_plan`: the Figma plan of `GET /api/v1/export/figma` (docs/figma.md), for an agent that applies it with
 * Figma's own MCP server: the same plan, keys in the same order (its text is the export's without indents).
 * @example figmaPlan(harbor).collections[0].modes[2] // { id: 'dark-dimmed', name: 'dark-dimmed' }
 */
export function figmaPlan(system: CompiledDesignSystem): FigmaPlan {
  return JSON.parse(renderFigmaPlan(system)) as FigmaPlan;
}
