import { MAX_SOURCE_FILE_BYTES } from '../compile/yaml/parse-source-file.js';
import { MAX_NESTING_DEPTH } from '../compile/yaml/read-limits.js';

/**
 * The largest token file the import reads: 50 MiB. A source being imported is often larger than the 1 MiB the server
 * takes per YAML file (a 10,000-token DTCG export is 3.7 MB); a larger file is left out without being read.
 */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;

/** How deep a token file may nest objects and arrays: as deep as the server's YAML may (`nesting-limit`). */
export const MAX_IMPORT_NESTING_DEPTH = MAX_NESTING_DEPTH;

/**
 * The longest token key the import writes, in characters (ASCII once written): a top-level group names a file
 * (`tokens/<group>.yaml`, `tokens/<group>.2.yaml`), which must stay under the 255 bytes a file name may have.
 */
export const MAX_IMPORT_KEY_LENGTH = 200;

/**
 * The most bytes one token's YAML line may take: a written file (its header lines included) must stay within the
 * server's {@link MAX_SOURCE_FILE_BYTES}; 1 KiB is kept for the headers and for what grouping adds to a line.
 */
export const MAX_IMPORT_TOKEN_LINE_BYTES = MAX_SOURCE_FILE_BYTES - 1024;
