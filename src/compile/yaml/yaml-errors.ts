import type { YAMLError } from 'yaml';
import type { RuleId } from '../diagnostics/rules.js';

/** A YAML parser error as a rule, a plain one-line message and the offset it points at. */
export function describeYamlError(problem: YAMLError, text: string): { rule: RuleId; message: string; offset: number } {
  const offset = problem.pos[0];
  if (problem.code === 'DUPLICATE_KEY') return describeDuplicateKey(offset, text);
  const message = (problem.message.split('\n')[0] ?? problem.message).replace(/ at line \d+, column \d+:?$/, '').trim();
  return { rule: 'yaml-syntax', message, offset };
}

/** A key written twice in one mapping, from the offset where its second occurrence starts. */
export function describeDuplicateKey(offset: number, text: string): { rule: RuleId; message: string; offset: number } {
  // Read the whole plain or quoted key from there.
  const key = /^(?:"[^"\n]*"|'[^'\n]*'|[^:\s]+)/.exec(text.slice(offset, offset + 200))?.[0] ?? text.slice(offset, offset + 1);
  return { rule: 'duplicate-key', message: `\`${key}\` is defined twice in this mapping (YAML keys must be unique)`, offset };
}
