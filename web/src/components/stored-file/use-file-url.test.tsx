// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileKind, useFileUrl } from './use-file-url';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useFileUrl', () => {
  it('fetches the file from this site, answers an object URL with its type, and releases it when done', async () => {
    // jsdom's Blob is not Node's, so the answer is a stand-in with just what fetchFile reads.
    const pdf = { ok: true, status: 200, blob: () => Promise.resolve(new Blob(['%PDF-1.4'], { type: 'application/pdf' })) } as unknown as Response;
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(pdf);
    vi.stubGlobal('fetch', fetchMock);
    const { result, unmount } = renderHook(() => useFileUrl('/uploads/abc.pdf'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({ objectUrl: 'blob:preview-1', type: 'application/pdf' });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`${window.location.origin}/uploads/abc.pdf`);
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('answers an error when the file cannot be had, and never fetches from another site', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 403 }));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useFileUrl('/uploads/other.png'));
    await waitFor(() => expect(result.current.status).toBe('error'));

    const foreign = renderHook(() => useFileUrl('https://elsewhere.example/uploads/x.png'));
    await waitFor(() => expect(foreign.result.current.status).toBe('error'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('fileKind', () => {
  it('tells images and PDFs apart', () => {
    expect(fileKind('image/webp')).toBe('image');
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('application/octet-stream')).toBe('other');
  });
});
