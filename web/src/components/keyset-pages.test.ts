// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeysetPages } from './keyset-pages';

describe('useKeysetPages', () => {
  it('walks forward and back through the cursors the server gives', () => {
    const { result } = renderHook(() => useKeysetPages(''));
    expect(result.current.cursor).toBeNull();
    act(() => result.current.controls('c1').onPage(1));
    expect(result.current.cursor).toBe('c1');
    act(() => result.current.controls('c2').onPage(2));
    expect(result.current.cursor).toBe('c2');
    expect(result.current.controls(null)).toMatchObject({ page: 2, hasNext: false });
    act(() => result.current.controls(null).onPage(1));
    expect(result.current.cursor).toBe('c1');
  });

  it('starts another scope at its first page, and a scope come back to as well', () => {
    const { result, rerender } = renderHook(({ scope }) => useKeysetPages(scope), { initialProps: { scope: '' } });
    act(() => result.current.controls('c1').onPage(1));
    expect(result.current.cursor).toBe('c1');
    rerender({ scope: '2026-05-01' });
    expect(result.current.cursor).toBeNull();
    expect(result.current.controls('d1').page).toBe(0);
    rerender({ scope: '' });
    expect(result.current.cursor).toBeNull();
    expect(result.current.controls('c1').page).toBe(0);
  });
});
