import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of an archive: its path (`/`-separated) and bytes. */
export interface ZipEntry {
  readonly path: string;
  readonly body: Buffer;
}

/** 1980-01-01 00:00:00 in MS-DOS date and time, the earliest a zip can say: every entry gets it, so equal files zip equal. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/** "Version needed to extract" 2.0 (deflate), and bit 11 of the flags: names are UTF-8. */
const VERSION = 20;
const UTF8_NAMES = 1 << 11;
const DEFLATE = 8;

/**
 * A zip archive of `entries` in their order, deflated, with fixed timestamps, no extra fields and no comment: the same
 * entries give the same bytes (docs/api.md "Formats of several files"). Not zip64: a format's files stay far below 4 GB.
 */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const data = deflateRawSync(entry.body, { level: 9 });
    const crc = crc32(entry.body);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeCommon(local, 4, { crc, compressed: data.byteLength, size: entry.body.byteLength, nameLength: name.byteLength });
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
    writeCommon(central, 6, { crc, compressed: data.byteLength, size: entry.body.byteLength, nameLength: name.byteLength });
    // Extra, comment, disk, internal and external attributes stay 0.
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + data.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The fields local and central headers share, from "version needed" to the name's length. */
function writeCommon(header: Buffer, at: number, entry: { crc: number; compressed: number; size: number; nameLength: number }): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressed, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
}
