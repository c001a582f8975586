import { LRUCache } from 'lru-cache';
import { applyOperations } from '../changes/apply-operations.js';
import type { SourceTexts } from '../changes/apply-operations.js';
import type { ChangeOperation } from '../changes/operations.js';
import { previewValuesOf } from '../changes/preview-values.js';
import type { PreviewValues } from '../changes/preview-values.js';
import type { CompiledDesignSystem } from '../compile/types.js';
import type { ChangePreview, ChangePreviewOptions, ChangeRequestService } from '../state/change-requests.js';
import type { DesignSystemCompiler } from '../state/compile-batch.js';
import type { ReadFilesAt } from './git-change-requests.js';

/** Compiled bases kept for the previews that follow (a designer previews many edits on one base). */
const BASES_KEPT = 4;

/**
 * A change request's preview with, when asked (`{ values: true }`), what the change moves in the compiled design
 * system: the service checks and validates as for any preview; the values then come from compiling the base (kept
 * per base) and the changed files with the same compiler, compared by {@link previewValuesOf}.
 */
export class ChangePreviewer {
  readonly #service: Pick<ChangeRequestService, 'preview'>;
  readonly #readFiles: ReadFilesAt;
  readonly #compiler: DesignSystemCompiler;
  readonly #bases = new LRUCache<string, Promise<CompiledDesignSystem | undefined>>({ max: BASES_KEPT });

  constructor(
    service: Pick<ChangeRequestService, 'preview'>,
    options: { readonly readFiles: ReadFilesAt; readonly compiler: DesignSystemCompiler },
  ) {
    this.#service = service;
    this.#readFiles = options.readFiles;
    this.#compiler = options.compiler;
  }

  async preview(
    slug: string,
    operations: readonly ChangeOperation[],
    base?: string,
    options?: ChangePreviewOptions,
  ): Promise<ChangePreview> {
    const preview = await this.#service.preview(slug, operations, base);
    if (options?.values !== true) return preview;
    return { ...preview, values: await this.#valuesOf(slug, operations, preview.base) };
  }

  async #valuesOf(slug: string, operations: readonly ChangeOperation[], commit: string): Promise<PreviewValues | null> {
    // The commit the preview above applied the operations on (the target's tip when no base was given).
    const files = await this.#readFiles(commit, slug);
    const applied = applyOperations(slug, files, operations);
    if ('problems' in applied) return null;
    const [before, after] = await Promise.all([this.#baseSystem(slug, commit, files), this.#compile(slug, applied.files)]);
    return before === undefined || after === undefined ? null : previewValuesOf(before, after, namedTokens(operations));
  }

  #baseSystem(slug: string, commit: string, files: SourceTexts): Promise<CompiledDesignSystem | undefined> {
    const key = `${slug}\n${commit}`;
    let system = this.#bases.get(key);
    if (system === undefined) {
      system = this.#compile(slug, files);
      this.#bases.set(key, system);
    }
    return system;
  }

  async #compile(slug: string, files: SourceTexts): Promise<CompiledDesignSystem | undefined> {
    const outcome = await this.#compiler.compile(
      slug,
      [...files].map(([path, text]) => ({ path, text })),
    );
    return 'result' in outcome ? outcome.result.system : undefined;
  }
}

/** The token keys the operations name (a rename's new key; a scale step names none). */
function namedTokens(operations: readonly ChangeOperation[]): string[] {
  return operations.flatMap((operation) =>
    operation.op === 'set-scale-step' ? [] : operation.op === 'rename-token' ? [operation.token, operation.to] : [operation.token],
  );
}
