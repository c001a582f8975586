import { parentPort, workerData } from 'node:worker_threads';
import { parseSourceFile } from '../compile/yaml/parse-source-file.js';
import type { SourceFileText } from './parse-source-files.js';

// Parses its share of the source files and sends the results back (plain data: structured clone keeps it whole).
const files = workerData as readonly SourceFileText[];
parentPort?.postMessage(files.map((file) => parseSourceFile(file.path, file.text, file.isSystemFile)));
