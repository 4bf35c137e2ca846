import zlib from 'node:zlib';

/**
 * Builds small but well-formed PDFs for tests: real cross-reference sections with the right offsets, so
 * that PDF readers (pdf.js, poppler) open them and act on what they hold. Object bodies are written as
 * given (`<</Type/Catalog ...>>`); a stream's data is written after its dictionary with its /Length.
 */
export interface PdfObject {
  num: number;
  /** The object's text: a dictionary, array or other value (for a stream, its dictionary without /Length). */
  body: string;
  /** Stream data: the object becomes a stream with this data (and /Length). */
  stream?: Buffer | string;
}

export interface PdfOptions {
  objects: PdfObject[];
  /** Number of the catalogue (trailer /Root). */
  root: number;
  /** Objects put in one FlateDecode object stream (/Type /ObjStm); then the file has a cross-reference stream. */
  inObjectStream?: number[];
  /** A cross-reference stream instead of an xref table (always so with an object stream). */
  xrefStream?: boolean;
  /** Wrap every object in `% stream` / `% endstream` comment lines (a disguise for byte scans). */
  commentDisguise?: boolean;
  /** Extra entries for the trailer dictionary (e.g. `/Encrypt 9 0 R`). */
  trailerExtra?: string;
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');

export function buildPdf(opts: PdfOptions): Buffer {
  const packed = new Set(opts.inObjectStream ?? []);
  const direct = opts.objects.filter((o) => !packed.has(o.num));
  const maxNum = Math.max(...opts.objects.map((o) => o.num));
  const useXrefStream = packed.size > 0 || opts.xrefStream === true;
  const objStmNum = packed.size > 0 ? maxNum + 1 : 0;
  const xrefNum = useXrefStream ? Math.max(maxNum, objStmNum) + 1 : 0;
  const size = useXrefStream ? xrefNum + 1 : maxNum + 1;

  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  /** Object number → [type, field2, field3] as in a cross-reference stream. */
  const entries = new Map<number, [number, number, number]>();

  const writeObject = (num: number, body: string, stream?: Buffer | string) => {
    if (opts.commentDisguise) push(latin1('% stream\n'));
    entries.set(num, [1, offset, 0]);
    if (stream === undefined) {
      push(latin1(`${num} 0 obj\n${body}\nendobj\n`));
    } else {
      const data = typeof stream === 'string' ? latin1(stream) : stream;
      const dict = body.replace(/>>\s*$/, `/Length ${data.length}>>`);
      push(Buffer.concat([latin1(`${num} 0 obj\n${dict}\nstream\n`), data, latin1('\nendstream\nendobj\n')]));
    }
    if (opts.commentDisguise) push(latin1('% endstream\n'));
  };

  for (const o of direct) writeObject(o.num, o.body, o.stream);

  if (packed.size > 0) {
    const inside = opts.objects.filter((o) => packed.has(o.num));
    let table = '';
    let bodies = '';
    inside.forEach((o, index) => {
      if (o.stream !== undefined) throw new Error('a stream cannot go in an object stream');
      table += `${o.num} ${bodies.length} `;
      bodies += `${o.body}\n`;
      entries.set(o.num, [2, objStmNum, index]);
    });
    const data = zlib.deflateSync(latin1(table + bodies));
    writeObject(objStmNum, `<</Type/ObjStm/N ${inside.length}/First ${table.length}/Filter/FlateDecode>>`, data);
  }

  const trailer = `/Size ${size}/Root ${opts.root} 0 R${opts.trailerExtra ?? ''}`;
  if (useXrefStream) {
    entries.set(xrefNum, [1, offset, 0]);
    const rows = Buffer.alloc(size * 7);
    for (let n = 0; n < size; n++) {
      const [type, a, b] = entries.get(n) ?? [0, 0, n === 0 ? 65535 : 0];
      rows.writeUInt8(type, n * 7);
      rows.writeUInt32BE(a, n * 7 + 1);
      rows.writeUInt16BE(b, n * 7 + 5);
    }
    const data = zlib.deflateSync(rows);
    const start = offset;
    writeObject(xrefNum, `<</Type/XRef${trailer}/W[1 4 2]/Filter/FlateDecode>>`, data);
    push(latin1(`startxref\n${start}\n%%EOF\n`));
  } else {
    const start = offset;
    let xref = `xref\n0 ${size}\n`;
    for (let n = 0; n < size; n++) {
      const e = entries.get(n);
      xref += e ? `${String(e[1]).padStart(10, '0')} 00000 n \n` : `0000000000 ${n === 0 ? '65535' : '00000'} f \n`;
    }
    push(latin1(`${xref}trailer\n<<${trailer}>>\nstartxref\n${start}\n%%EOF\n`));
  }
  return Buffer.concat(parts);
}

/** A catalogue, one page tree and one empty page: objects 1 (catalogue), 2 (pages) and 3 (page). */
export function onePage(catalogueExtra = '', pageExtra = ''): PdfObject[] {
  return [
    { num: 1, body: `<</Type/Catalog/Pages 2 0 R${catalogueExtra}>>` },
    { num: 2, body: '<</Type/Pages/Kids[3 0 R]/Count 1>>' },
    { num: 3, body: `<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]${pageExtra}>>` },
  ];
}
