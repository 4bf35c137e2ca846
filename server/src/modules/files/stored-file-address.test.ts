import { describe, expect, it } from 'vitest';
import { storedFilePathOf, storedFileUrl } from './files.service';

describe('stored file addresses', () => {
  it('builds the served address from the stored name', () => {
    expect(storedFileUrl('0123abcd.pdf')).toBe('/uploads/0123abcd.pdf');
  });

  it('reads the stored name back from every form a client sends', () => {
    for (const address of ['/uploads/0123abcd.pdf', 'uploads/0123abcd.pdf', ' https://portal.example/uploads/0123abcd.pdf ', '0123abcd.pdf']) {
      expect(storedFilePathOf(address)).toBe('0123abcd.pdf');
    }
    expect(storedFilePathOf(storedFileUrl('f.png'))).toBe('f.png');
  });

  it('keeps a name that only contains the word', () => {
    expect(storedFilePathOf('myuploads.pdf')).toBe('myuploads.pdf');
  });
});
