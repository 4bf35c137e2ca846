import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { bearer, createCitizen, multipart, type FilePart } from '../../../test/helpers';

describe.each(DB_KINDS)('uploads refused before they cost anything on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await createCitizen(t)).token;
  });
  afterAll(() => t?.close());

  const upload = (file: FilePart) => {
    const body = multipart({}, { file });
    return t.app.inject({ method: 'POST', url: '/api/complaints/upload', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
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
});
