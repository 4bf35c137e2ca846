// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnPath } from '../../lib/session/return-path';
import { staffDestination } from './destinations';

afterEach(() => sessionStorage.clear());

describe('where staff go after signing in', () => {
  it('back to the page of their own area where the session ended (a form keeps its draft there)', () => {
    rememberReturnPath('/police/issue-fine');
    expect(staffDestination('police')).toBe('/police/issue-fine');
    rememberReturnPath('/admin/create-officer?x=1');
    expect(staffDestination('admin')).toBe('/admin/create-officer?x=1');
  });

  it('to their dashboard from anywhere else, a sign-in page included, and the remembered page is used once', () => {
    rememberReturnPath('/pay-fine');
    expect(staffDestination('police')).toBe('/police/dashboard');
    rememberReturnPath('/police/login');
    expect(staffDestination('police')).toBe('/police/dashboard');
    rememberReturnPath('/police/analytics');
    expect(staffDestination('admin')).toBe('/admin/dashboard');
    rememberReturnPath('/admin');
    expect(staffDestination('admin')).toBe('/admin/dashboard');
    expect(staffDestination('police')).toBe('/police/dashboard');
  });
});
