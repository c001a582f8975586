import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zipArchive } from '../../src/views/zip-archive.js';

// The consumer is Python's zipfile (CRC checked on every read) and, where installed, Info-ZIP's unzip.
const dir = mkdtempSync(join(tmpdir(), 'dts-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const READ_ZIP = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    assert archive.testzip() is None, "a CRC differs"
    print(json.dumps([{"path": info.filename, "date": list(info.date_time), "method": info.compress_type,
                       "extra": info.extra.hex(), "text": archive.read(info).decode("utf-8")} for info in archive.infolist()]))
`;

function readWithPython(archive: Buffer): { path: string; date: number[]; method: number; extra: string; text: string }[] {
  const file = join(dir, `archive-${archive.byteLength}.zip`);
  writeFileSync(file, archive);
  return JSON.parse(execFileSync('python3', ['-c', READ_ZIP, file], { encoding: 'utf8' })) as never;
}

describe('zipArchive', () => {
  const entries = [
    { path: 'Tokens.xcassets/Contents.json', body: Buffer.from('{ "info": { "author": "xcode", "version": 1 } }\n') },
    { path: 'Tokens.xcassets/Brand Ä.colorset/Contents.json', body: Buffer.from('{}\n'.repeat(500)) },
    { path: 'empty.txt', body: Buffer.alloc(0) },
  ];

  it('writes an archive a real reader opens: every path, every byte, deflated, 1980-01-01 00:00, no extra fields', () => {
    const read = readWithPython(zipArchive(entries));
    expect(read.map(({ path, text }) => ({ path, text }))).toEqual(
      entries.map(({ path, body }) => ({ path, text: body.toString('utf8') })),
    );
    for (const entry of read)
      expect({ date: entry.date, method: entry.method, extra: entry.extra }).toEqual({ date: [1980, 1, 1, 0, 0, 0], method: 8, extra: '' });
  });

  it('gives the same bytes for the same entries, and other bytes when one byte of a file differs', () => {
    expect(zipArchive(entries).equals(zipArchive(entries.map((entry) => ({ ...entry, body: Buffer.from(entry.body) }))))).toBe(true);
    const changed = entries.map((entry, index) =>
      index === 0 ? { ...entry, body: Buffer.from(entry.body.toString().replace('1', '2')) } : entry,
    );
    expect(zipArchive(changed).equals(zipArchive(entries))).toBe(false);
  });

  it('is an empty archive a reader opens when there are no files', () => {
    expect(readWithPython(zipArchive([]))).toEqual([]);
  });
});
