import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { renderExport } from '../../../src/views/formats/export-jobs.js';
import type { ExportJob } from '../../../src/views/formats/export-jobs.js';
import { OUTPUT_FORMAT_IDS } from '../../../src/views/formats/output-formats.js';
import { exportJobOf, hasFiles } from '../../../src/views/formats/export-jobs.js';
import { createRawDeflater } from '../../../src/views/formats/raw-deflater.js';
import { zipArchive } from '../../../src/views/formats/zip-archive.js';
import { compileExample, compileKitchenSink } from '../../helpers/fixtures.js';

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

// The zip of every folder format of every example and of the kitchen sink, as SHA-256 of its bytes: recorded with the
// writer of one `deflateRawSync` per entry that the streaming writer replaced, whose bytes it must keep.
const GOLDEN_ZIPS: Record<string, string> = {
  'acme android': '26f24d37b3446fc073569b26bef501ad645eefef5f67099e0fc41c77f58343b0',
  'acme android mode=light': '9e512764ac72d502634b49b6b2e10228a09e78175f675f9ead4f905d1d153376',
  'acme android mode=dark': 'c88618a340ac38f5a31661c56108b5700a9da06a73f2c53bd95e33e00820b39b',
  'acme ios': '17cfa03a9c742441a218d05b0a5e1d1816418312104fe65d4c5d508fa2e211f6',
  'acme-docs android': 'ff98e427b988adb2931873cd6bc982038fd4c4ccd92a629deacafb09db3dc0de',
  'acme-docs android mode=light': '01aa7e37e3a7625424a7d1c6f28c339571aa90bb3c49aab407232c116cdafbbd',
  'acme-docs android mode=dark': '789677f87d81da1e8d97abb4fdf69aa563a92fd03b8ba424d0804c911b98fe79',
  'acme-docs ios': 'f31dd391a2aeab5cc61af0521733d1816e4fe519616b6019887ec52c90fab329',
  'harbor android': 'dde79f4acc5551cb86dfdf9d51a7f2922f0ddcb67ac866c04ba8a08aeed754ad',
  'harbor android mode=light': '8b334a2712a606251268b5f8a4c9ebdb209795647236b506c4ce7b916bc7bccf',
  'harbor android mode=dark': '24ca6747d6328a587e30cf8c68631339807f3586db43baa31ac6e54e1f381eaa',
  'harbor android mode=dark-dimmed': '9d0f7b9a17eae865a46cb28e6cf6b8f19f029eedb60c01e966248fb42b6c3a5c',
  'harbor android mode=light-high-contrast': '71a2feee4a846d699f1b76658ffd160342b6b860b00626f1d3351afc02d9de25',
  'harbor android mode=dark-high-contrast': 'bade1d144c014c9eaab7e7b2536d2adde2b82530f547ba8ebfa1af2fbed76050',
  'harbor ios': '7f7031b39e083ae93b01a66747254adce62d8312a1f43d4792480214919ec7a7',
  'kitchen-sink android': 'd9c01d5ccfd2666b53a313bbb63c7bc00ac9874c54f27f58cf20e26ffe53a6af',
  'kitchen-sink android mode=light': 'fa65687c13f9bf9cbd963733cc14d627116f97568f715d88950f5607e514f57d',
  'kitchen-sink android mode=dark': '75f38439e8a8777942a661b6327ceceee7d4b9bd554026abf8444d0931bedf22',
  'kitchen-sink ios': 'f6b25c16f9724475f4371e640a9fa5b68095dcf11f786f95fe49e436d346cdfc',
};

describe('zip bytes of the examples are the ones the earlier writer gave', () => {
  const systems = async (): Promise<[string, CompiledDesignSystem][]> => [
    ...(await Promise.all(
      ['acme', 'acme-docs', 'harbor'].map(async (slug): Promise<[string, CompiledDesignSystem]> => [slug, await compileExample(slug)]),
    )),
    ['kitchen-sink', await compileKitchenSink()],
  ];

  it('every folder format of every example', async () => {
    const got: Record<string, string> = {};
    for (const [slug, system] of await systems()) {
      for (const id of OUTPUT_FORMAT_IDS.filter(hasFiles)) {
        const modes = id === 'android' ? [undefined, ...system.modes.map((mode) => mode.name)] : [undefined];
        for (const mode of modes) {
          const query = mode === undefined ? {} : { mode };
          const job = { ...exportJobOf(id, query), part: { zip: true } } as ExportJob;
          got[`${slug} ${id}${mode === undefined ? '' : ` mode=${mode}`}`] = createHash('sha256')
            .update(renderExport(system, job).body)
            .digest('hex');
        }
      }
    }
    expect(got).toEqual(GOLDEN_ZIPS);
  });
});

describe('createRawDeflater', () => {
  /** A sink of `size`-byte pieces, so an input's deflate crosses many piece boundaries. */
  const pieces = (size: number) => {
    const out: Buffer[] = [];
    let current = Buffer.alloc(size);
    let at = 0;
    return {
      space: () => {
        if (at === current.byteLength) {
          out.push(current);
          current = Buffer.alloc(size);
          at = 0;
        }
        return { buffer: current, at };
      },
      used: (bytes: number) => {
        at += bytes;
      },
      bytes: () => Buffer.concat([...out, current.subarray(0, at)]),
    };
  };

  it.each([1, 7, 64, 4096])(
    'gives the bytes of deflateRawSync level 9 for each input, one zlib state for all (pieces of %i bytes)',
    (size) => {
      const deflater = createRawDeflater();
      const inputs = [
        Buffer.alloc(0),
        Buffer.from('a'),
        Buffer.from('{ "info": { "author": "xcode", "version": 1 } }\n'.repeat(40)),
        randomBytes(70_000),
        Buffer.from('x'.repeat(300_000)),
      ];
      for (const input of inputs) {
        const sink = pieces(size);
        const written = deflater.deflate(input, sink);
        const want = deflateRawSync(input, { level: 9 });
        expect({ written, equal: sink.bytes().equals(want) }).toEqual({ written: want.byteLength, equal: true });
      }
    },
  );
});
