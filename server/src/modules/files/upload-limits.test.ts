import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, multipart, type FilePart } from '../../../test/helpers';
import { buildPdf, onePage, type PdfObject } from '../../../test/pdf-builder';

/** The catalogue opens a script (the attack's disguises: objects between comment lines, or in an object stream). */
const SCRIPTED: PdfObject[] = [...onePage('/OpenAction 4 0 R'), { num: 4, body: '<</S/JavaScript/JS(app.alert\\(1\\))>>' }];
const DISGUISED_PDFS = {
  'objects between % stream / % endstream comments': buildPdf({ objects: SCRIPTED, root: 1, commentDisguise: true }),
  'a compressed object stream': buildPdf({ objects: SCRIPTED, root: 1, inObjectStream: [1, 4] }),
};

describe.each(DB_KINDS)('uploads refused before they cost anything on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await createCitizen(t)).token;
  });
  afterAll(() => t?.close());

  const upload = (file: FilePart, url = '/api/complaints/upload') => {
    const body = multipart({}, { file });
    return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  };

  it.each(['png', 'jpeg'] as const)('refuses a %s over 40 megapixels quickly, as 400 naming the field, storing nothing', async (format) => {
    const canvas = sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#808080' } });
    const bomb = await (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
    const before = t.uploadedFiles().length;
    const started = performance.now();
    const res = await upload({ buffer: bomb, filename: `bomb.${format}`, contentType: `image/${format}` });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'files.image_too_large', fieldKeys: { file: 'imageTooManyPixels' } });
    expect(t.uploadedFiles()).toHaveLength(before);
  });

  it.each([
    ['JavaScript', '<</Type/Catalog/Pages 2 0 R/Names<</JavaScript 3 0 R>>>>'],
    ['a launch action', '<</Type/Catalog/Pages 2 0 R/OpenAction<</S/Launch/F(calc.exe)>>>>'],
    ['an embedded file', '<</Type/Catalog/Pages 2 0 R/Names<</EmbeddedFiles 3 0 R>>>>'],
  ])('refuses a PDF carrying %s as 400 naming the field', async (_name, catalogue) => {
    const buffer = Buffer.from(`%PDF-1.4\n1 0 obj${catalogue}endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
    const res = await upload({ buffer, filename: 'statement.pdf', contentType: 'application/pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'files.unsafe_pdf', fieldKeys: { file: 'pdfActiveContent' } });
  });

  describe.each(['/api/complaints/upload', '/api/clearance/upload'])('a PDF that hides a script, sent to %s', (url) => {
    it.each(Object.entries(DISGUISED_PDFS))('is refused when its script sits in %s, and nothing is stored', async (_name, buffer) => {
      const before = t.uploadedFiles().length;
      const res = await upload({ buffer, filename: 'statement.pdf', contentType: 'application/pdf' }, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'files.unsafe_pdf', fieldKeys: { file: 'pdfActiveContent' } });
      expect(t.uploadedFiles()).toHaveLength(before);
    });

    it('is refused as unreadable when cut short, and the same file whole and clean is stored', async () => {
      const clean = buildPdf({ objects: onePage(), root: 1, inObjectStream: [1, 2, 3] });
      const cut = await upload({ buffer: clean.subarray(0, clean.length - 200), filename: 'statement.pdf', contentType: 'application/pdf' }, url);
      expect(cut.statusCode).toBe(400);
      expect(cut.json().error).toMatchObject({ code: 'files.unreadable_pdf', fieldKeys: { file: 'pdfUnreadable' } });
      const before = t.uploadedFiles().length;
      const whole = await upload({ buffer: clean, filename: 'statement.pdf', contentType: 'application/pdf' }, url);
      expect(whole.statusCode).toBe(201);
      expect(t.uploadedFiles()).toHaveLength(before + 1);
    });
  });
});
