import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { PDFDocument as LibDocument, StandardFonts } from '@cantoo/pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { buildPdf, onePage, type PdfObject } from '../../test/pdf-builder';
import { explainPdf, inspectPdf } from './pdf-active-content';

/** The old fixtures: a catalogue and an empty page tree, with no cross-reference table (readers rebuild one). */
const pdf = (catalogue: string, extra = '') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R${catalogue}>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n${extra}trailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

const JS_ACTION: PdfObject = { num: 4, body: '<</Type/Action/S/JavaScript/JS(app.alert\\("stored as sent"\\))>>' };

/** The two disguises of the attack: the catalogue opens a script, hidden from a scan that skips streams. */
const commentDisguise = () => buildPdf({ objects: [...onePage('/OpenAction 4 0 R'), JS_ACTION], root: 1, commentDisguise: true });
const objectStreamDisguise = () => buildPdf({ objects: [...onePage('/OpenAction 4 0 R'), JS_ACTION], root: 1, inObjectStream: [1, 4] });

/** What pdf.js (a reader the stored copy will meet) makes of a file: the scripts it would run, its attachments. */
async function asReadByPdfJs(buffer: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(buffer));
  try {
    const attachments: unknown = await doc.getAttachments();
    const names = attachments instanceof Map ? [...(attachments.keys() as Iterable<string>)] : Object.keys(attachments ?? {});
    return { scripts: await doc.getJSActions(), attachments: names, pages: doc.numPages };
  } finally {
    await doc.cleanup();
  }
}

function pdfkitDocument(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

/** A scanned document as a scanner makes one: a page-sized JPEG per page (grain, lines of "text"). */
async function scannedDocument(pages: number): Promise<Buffer> {
  const width = 1654; // A4 at 200 dpi
  const height = 2339;
  const raw = Buffer.alloc(width * height);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = i % width;
    const y = Math.floor(i / width);
    raw[i] = 210 + (seed % 45) - (y % 60 < 14 && x % 9 < 6 && x > 150 && x < 1500 ? 160 : 0);
  }
  const jpeg = await sharp(raw, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 75 })
    .toBuffer();
  return pdfkitDocument((doc) => {
    for (let p = 0; p < pages; p++) {
      if (p > 0) doc.addPage();
      doc.image(jpeg, 0, 0, { width: 595, height: 842 });
    }
  });
}

describe('PDF active content: the two disguises found in the attack', () => {
  it('refuses a script whose objects sit between `% stream` / `% endstream` comment lines', async () => {
    const file = commentDisguise();
    expect((await asReadByPdfJs(file)).scripts).toEqual({ OpenAction: ['app.alert("stored as sent")'] });
    expect(explainPdf(file)).toEqual({ verdict: 'active', reason: '/JavaScript' });
  });

  it('refuses a script inside a compressed object stream (/Type /ObjStm, FlateDecode; cross-reference stream)', async () => {
    const file = objectStreamDisguise();
    expect(file.includes('JavaScript')).toBe(false);
    expect((await asReadByPdfJs(file)).scripts).toEqual({ OpenAction: ['app.alert("stored as sent")'] });
    expect(explainPdf(file)).toEqual({ verdict: 'active', reason: '/JavaScript' });
  });
});

describe('PDF active content: what is refused', () => {
  it.each([
    ['JavaScript in the name tree', { objects: [...onePage('/Names<</JavaScript 5 0 R>>'), { num: 5, body: '<</Names[(a) 4 0 R]>>' }, JS_ACTION] }],
    ['a script reached from a cross-reference stream', { objects: [...onePage('/OpenAction 4 0 R'), JS_ACTION], xrefStream: true }],
    ['a launch action', { objects: [...onePage('/OpenAction 5 0 R'), { num: 5, body: '<</S/Launch/F(cmd.exe)>>' }] }],
    [
      'a form that submits itself',
      { objects: [...onePage('', '/Annots[5 0 R]'), { num: 5, body: '<</Type/Annot/Subtype/Link/Rect[0 0 9 9]/A<</S/SubmitForm/F(http://x.invalid)>>>>' }] },
    ],
    ['an /AA (additional actions) on a page', { objects: onePage('', '/AA<</O<</S/GoTo/D[3 0 R/Fit]>>>>') }],
    [
      'an /AA by reference, inside an object stream',
      { objects: [...onePage('', '/AA 5 0 R'), { num: 5, body: '<</O<</S/GoTo/D[3 0 R/Fit]>>>>' }], inObjectStream: [3, 5] },
    ],
    [
      'XFA in the AcroForm',
      { objects: [...onePage('/AcroForm<</Fields[]/XFA 5 0 R>>'), { num: 5, body: '<<>>', stream: '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>' }] },
    ],
    ['rich media', { objects: [...onePage('', '/Annots[5 0 R]'), { num: 5, body: '<</Type/Annot/Subtype/RichMedia/Rect[0 0 9 9]>>' }] }],
  ])('refuses %s', (_name, spec) => {
    expect(inspectPdf(buildPdf({ root: 1, ...spec }))).toBe('active');
  });

  it('refuses an /EmbeddedFiles name tree (pdf.js lists the attachment), also with its names escaped inside an object stream', async () => {
    const objects = (names: string): PdfObject[] => [
      ...onePage(`/Names<</${names} 5 0 R>>`),
      { num: 5, body: '<</Names[(invoice.exe) 6 0 R]>>' },
      { num: 6, body: '<</Type/Filespec/F(invoice.exe)/EF<</F 7 0 R>>>>' },
      { num: 7, body: '<</Type/EmbeddedFile>>', stream: 'MZ not really a program' },
    ];
    const plainNames = buildPdf({ objects: objects('EmbeddedFiles'), root: 1 });
    expect((await asReadByPdfJs(plainNames)).attachments).toEqual(['invoice.exe']);
    expect(inspectPdf(plainNames)).toBe('active');
    // The stream says nothing of its type and every other name is escaped: /EF alone gives it away.
    const hidden = objects('Embedded#46iles').map((o) => (o.num === 7 ? { ...o, body: '<<>>' } : o));
    const escaped = buildPdf({ objects: hidden, root: 1, inObjectStream: [1, 5, 6] });
    expect((await asReadByPdfJs(escaped)).attachments).toEqual(['invoice.exe']);
    expect(explainPdf(escaped)).toEqual({ verdict: 'active', reason: '/EmbeddedFiles' });
  });

  it.each([
    ['#xx escapes, upper and lower case', '5 0 obj<</S/J#61v#61Script/J#53(x)>>endobj\n'],
    ['an escaped /OpenAction dictionary', '', '/Open#41ction<</S/URI/URI(http://x.invalid)>>'],
    ['an escaped action in an object stream', 'objstm'],
  ])('refuses a name hidden by %s', (_name, extra, catalogue = '') => {
    const file =
      extra === 'objstm'
        ? buildPdf({ objects: [...onePage('/OpenAction 4 0 R'), { num: 4, body: '<</S/J#61#76aScript/JS(1)>>' }], root: 1, inObjectStream: [4] })
        : pdf(catalogue, extra);
    expect(inspectPdf(file)).toBe('active');
  });

  it.each([
    ['a URI action', '<</S/URI/URI(http://x.invalid)>>'],
    ['a named action (print on opening)', '<</S/Named/N/Print>>'],
    ['a GoTo action followed by another (/Next)', '<</S/GoTo/D[3 0 R/Fit]/Next<</S/URI/URI(http://x.invalid)>>>>'],
    ['a GoTo whose /S is written twice', '<</S/URI/URI(http://x.invalid)/S/GoTo/D[3 0 R/Fit]>>'],
    ['a reference to an object that is not there', 9],
    ['a reference to an object defined twice, once as an action', 5],
  ])('refuses an /OpenAction that does more than open a page: %s', (_name, target) => {
    const objects = onePage(typeof target === 'string' ? `/OpenAction ${target}` : `/OpenAction ${target} 0 R`);
    const file =
      target === 5
        ? Buffer.concat([
            buildPdf({ objects: [...objects, { num: 5, body: '[3 0 R/Fit]' }], root: 1 }),
            // An incremental update that redefines object 5 as an action.
            Buffer.from('5 0 obj<</S/URI/URI(http://x.invalid)>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
          ])
        : buildPdf({ objects, root: 1 });
    expect(inspectPdf(file)).toBe('active');
  });

  it('finds an object a reader could reach that sits inside another stream’s data, or in a stream typed as anything but an object stream', () => {
    const inData = buildPdf({
      objects: [...onePage('/OpenAction 5 0 R'), { num: 4, body: '<<>>', stream: '5 0 obj<</S/JavaScript/JS(1)>>endobj' }],
      root: 1,
    });
    expect(explainPdf(inData)).toEqual({ verdict: 'active', reason: '/JavaScript' });
    // pdf.js reads any stream a cross-reference stream points into by its /N and /First, whatever its /Type.
    const body = zlib.deflateSync(Buffer.from('5 0 <</S/J#61vaScript/JS(1)>>'));
    const untyped = buildPdf({
      objects: [...onePage('/OpenAction 5 0 R'), { num: 4, body: '<</Type/XObject/N 1/First 4/Filter/FlateDecode>>', stream: body }],
      root: 1,
    });
    expect(inspectPdf(untyped)).toBe('active');
  });
});

describe('PDF active content: what is read as unreadable', () => {
  it('refuses garbage, a file cut short, one with no catalogue, and an object that does not parse', async () => {
    const clean = await pdfkitDocument((doc) => doc.text('A statement'));
    const random = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 251))]);
    expect(explainPdf(random).verdict).toBe('unreadable');
    for (const cut of [0.3, 0.6, 0.9]) expect(inspectPdf(clean.subarray(0, Math.floor(clean.length * cut)))).toBe('unreadable');
    // Cut between two objects: what is there parses, but there is no trailer after it.
    const whole = buildPdf({ objects: onePage(), root: 1 });
    expect(explainPdf(whole.subarray(0, whole.indexOf('3 0 obj')))).toEqual({ verdict: 'unreadable', reason: 'no trailer after the last object' });
    expect(explainPdf(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')).reason).toBe('no catalogue');
    expect(inspectPdf(pdf('', '3 0 obj<</S/GoTo/D[3 0 R/Fit>>endobj\n'))).toBe('unreadable');
    expect(inspectPdf(pdf('', '3 0 obj<</A 1>>\n4 0 obj<</B 2>>endobj\n'))).toBe('unreadable');
  });

  it('refuses an encrypted PDF: its strings and streams cannot be checked without decrypting', async () => {
    const encrypted = await pdfkitDocument((doc) => doc.text('A statement'), { ownerPassword: 'owner', permissions: { printing: 'highResolution' } });
    expect(explainPdf(encrypted)).toEqual({ verdict: 'unreadable', reason: 'encrypted' });
  });

  it('refuses object streams it cannot decode as a reader would: a predictor, an unknown filter, a bomb', () => {
    const withStream = (dict: string, data: Buffer) =>
      buildPdf({ objects: [...onePage(), { num: 4, body: `<</Type/ObjStm/N 1/First 4${dict}>>`, stream: data }], root: 1 });
    const body = zlib.deflateSync(Buffer.from('5 0 <</A 1>>'));
    expect(inspectPdf(withStream('/Filter/FlateDecode', body))).toBe('plain');
    expect(explainPdf(withStream('/Filter/FlateDecode/DecodeParms<</Predictor 12/Columns 4>>', body)).reason).toBe('an object stream with a predictor');
    expect(inspectPdf(withStream('/Filter/Fl', body))).toBe('unreadable');
    expect(inspectPdf(withStream('/Filter/FlateDecode', Buffer.from('not deflated at all')))).toBe('unreadable');
    const bomb = zlib.deflateSync(Buffer.concat([Buffer.from('5 0 <<>>'), Buffer.alloc(64 * 1024 * 1024, 0x20)]), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const cpu = process.cpuUsage();
    expect(explainPdf(withStream('/Filter/FlateDecode', bomb)).reason).toBe('object streams decoding past the budget');
    // A chain of filters goes through the library's decoders: what it hides is found all the same.
    const chained = Buffer.from(`${zlib.deflateSync(Buffer.from('5 0 <</S/JavaScript/JS(1)>>')).toString('hex')}>`);
    expect(explainPdf(withStream('/Filter[/ASCIIHexDecode/FlateDecode]', chained))).toEqual({ verdict: 'active', reason: '/JavaScript' });
    const { user, system } = process.cpuUsage(cpu);
    expect((user + system) / 1000).toBeLessThan(1_000);
  });
});

describe('PDF active content: what is stored as sent', () => {
  it('accepts a plain PDF, an /OpenAction that opens a page, and names that only look alike inside streams', () => {
    expect(inspectPdf(pdf(''))).toBe('plain');
    expect(inspectPdf(pdf('/OpenAction[3 0 R/Fit]'))).toBe('plain');
    expect(inspectPdf(pdf('', '3 0 obj<</Length 12>>stream\n/JS /Launch \nendstream\nendobj\n'))).toBe('plain');
    expect(inspectPdf(pdf('/JSONish true'))).toBe('plain');
  });

  it('accepts an /OpenAction to a page by reference, and a GoTo action to one (as LaTeX writes it)', () => {
    expect(inspectPdf(buildPdf({ objects: [...onePage('/OpenAction 5 0 R'), { num: 5, body: '[3 0 R/Fit]' }], root: 1 }))).toBe('plain');
    const goTo = { objects: [...onePage('/OpenAction 5 0 R'), { num: 5, body: '<</S/GoTo/D[3 0 R/Fit]>>' }], root: 1 };
    expect(inspectPdf(buildPdf(goTo))).toBe('plain');
    expect(inspectPdf(buildPdf({ ...goTo, inObjectStream: [1, 5] }))).toBe('plain');
  });

  it('accepts a PDF made by pdfkit (text, a picture, a link)', async () => {
    const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3060a0' } })
      .jpeg()
      .toBuffer();
    const file = await pdfkitDocument((doc) => {
      doc.text('Statement of the complainant', { link: 'https://www.police.lk/' });
      doc.image(picture, 50, 120, { width: 120 });
      doc.addPage().text('Page two');
    });
    expect(explainPdf(file)).toEqual({ verdict: 'plain', reason: '' });
  });

  it('accepts PDFs with compressed object streams and cross-reference streams (pdf-lib; the test builder)', async () => {
    const doc = await LibDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Passport, personal page', { font, x: 50, y: 700 });
    doc.addPage();
    const saved = Buffer.from(await doc.save({ useObjectStreams: true }));
    expect(saved.includes('/ObjStm')).toBe(true);
    expect((await asReadByPdfJs(saved)).pages).toBe(2);
    expect(explainPdf(saved)).toEqual({ verdict: 'plain', reason: '' });
    expect(inspectPdf(buildPdf({ objects: onePage(), root: 1, inObjectStream: [1, 2, 3] }))).toBe('plain');
    expect(inspectPdf(buildPdf({ objects: onePage(), root: 1, commentDisguise: true }))).toBe('plain');
  });

  it('reads a 5 MB scanned document quickly', async () => {
    const file = await scannedDocument(4);
    expect(file.length).toBeGreaterThan(3_000_000);
    inspectPdf(file); // warm
    const cpu = process.cpuUsage();
    const verdict = inspectPdf(file);
    const { user, system } = process.cpuUsage(cpu);
    expect(verdict).toBe('plain');
    // About 40 ms of CPU on the project's machine; the bound leaves room for a busy CI.
    expect((user + system) / 1000).toBeLessThan(500);
  });
});
