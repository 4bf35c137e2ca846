import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@pes/contracts';
import { fileProblem } from './file-content';

const bytes = (...b: number[]) => new Uint8Array(b);

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const WEBP = bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50);
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ');
const file = (content: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([content], name, { type });

describe('fileProblem: a file judged by its content', () => {
  it('accepts each kind by its first bytes, whatever the name says', async () => {
    expect(await fileProblem(file(JPEG, 'photo.png', 'image/png'), 'photo')).toBeNull();
    expect(await fileProblem(file(PNG, 'scan', ''), 'photo')).toBeNull();
    expect(await fileProblem(file(WEBP, 'a.webp', 'image/webp'), 'image')).toBeNull();
    expect(await fileProblem(file(PDF, 'letter.pdf', 'application/pdf'), 'document')).toBeNull();
  });

  it('refuses a text file renamed .jpg, and a type the field does not take, with the field kind’s message', async () => {
    const text = file(new TextEncoder().encode('just some text, not a picture'), 'holiday.jpg', 'image/jpeg');
    expect(await fileProblem(text, 'image')).toBe('fileType');
    expect(await fileProblem(text, 'photo')).toBe('fileTypePhoto');
    expect(await fileProblem(text, 'document')).toBe('fileTypeWithPdf');
    expect(await fileProblem(file(WEBP, 'a.webp', 'image/webp'), 'photo')).toBe('fileTypePhoto');
    expect(await fileProblem(file(PDF, 'letter.pdf', 'application/pdf'), 'image')).toBe('fileType');
    expect(await fileProblem(file(bytes(), 'empty.jpg', 'image/jpeg'), 'image')).toBe('fileType');
  });

  it('refuses a file over the size limit before reading it', async () => {
    const big = file(new Uint8Array(MAX_UPLOAD_BYTES + 1), 'big.jpg', 'image/jpeg');
    expect(await fileProblem(big, 'image')).toBe('fileTooLarge');
  });
});
