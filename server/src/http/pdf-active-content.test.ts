import { describe, expect, it } from 'vitest';
import { pdfHasActiveContent } from './pdf-active-content';

const pdf = (catalogue: string, extra = '') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R${catalogue}>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n${extra}trailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

describe('PDF active content', () => {
  it('accepts a plain PDF, an /OpenAction that opens a page, and names that only look alike inside streams', () => {
    expect(pdfHasActiveContent(pdf(''))).toBe(false);
    expect(pdfHasActiveContent(pdf('/OpenAction[3 0 R/Fit]'))).toBe(false);
    expect(pdfHasActiveContent(pdf('', '3 0 obj<</Length 12>>stream\n/JS /Launch \nendstream\nendobj\n'))).toBe(false);
    expect(pdfHasActiveContent(pdf('/JSONish true'))).toBe(false);
  });

  it.each([
    ['JavaScript', '/OpenAction 3 0 R/Names<</JavaScript 4 0 R>>'],
    ['a /JS action', '', '3 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n'],
    ['a launch action', '', '3 0 obj<</S/Launch/F(cmd.exe)>>endobj\n'],
    ['an embedded file', '/Names<</EmbeddedFiles 5 0 R>>'],
    ['an /OpenAction dictionary', '/OpenAction<</S/URI/URI(http://example.invalid)>>'],
    ['a name hidden by #xx escapes', '', '3 0 obj<</S/J#61vaScript/J#53(x)>>endobj\n'],
  ])('refuses %s', (_name, catalogue, extra = '') => {
    expect(pdfHasActiveContent(pdf(catalogue, extra))).toBe(true);
  });
});
