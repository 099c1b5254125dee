import { validAnswer } from '@/testing/fixtures';
import { decideAccess, loginPath } from './access';

const base = { path: '/', hasToken: true, validation: validAnswer(), requireAdmin: false };

describe('decideAccess', () => {
  it('sends visitors without a token to /login', () => {
    expect(decideAccess({ ...base, hasToken: false, validation: undefined })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('waits for the server while the validation is pending', () => {
    expect(decideAccess({ ...base, validation: undefined })).toEqual({ kind: 'pending' });
  });

  it('sends an invalid stored token to /login?expired=true', () => {
    expect(decideAccess({ ...base, validation: { isValid: false } })).toEqual({ kind: 'redirect', to: '/login?expired=true' });
  });

  it('carries the original path for design and collection pages', () => {
    expect(decideAccess({ ...base, path: '/design/7/3', hasToken: false, validation: undefined })).toMatchObject({
      to: '/login?redirect=%2Fdesign%2F7%2F3',
    });
    expect(decideAccess({ ...base, path: '/collections-design/5', validation: { isValid: false } })).toMatchObject({
      to: '/login?expired=true&redirect=%2Fcollections-design%2F5',
    });
    for (const section of ['my-collection', 'collections-basic', 'collection-mood', 'collections']) {
      expect(loginPath(`/${section}/1`, false)).toBe(`/login?redirect=%2F${section}%2F1`);
    }
    expect(loginPath('/favorites', false)).toBe('/login');
    expect(loginPath('/boards/1', true)).toBe('/login?expired=true');
  });

  it('allows a valid session', () => {
    expect(decideAccess(base)).toEqual({ kind: 'allow' });
  });

  it('sends non-admins from admin routes to the archive', () => {
    expect(decideAccess({ ...base, path: '/admin', requireAdmin: true })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends admins without a validated second factor to /authenticate', () => {
    const validation = validAnswer({ isAdmin: true, is2FaValidated: false, secondFactor: 'verify' });
    expect(decideAccess({ ...base, path: '/admin/pools', requireAdmin: true, validation })).toEqual({
      kind: 'redirect',
      to: '/authenticate?redirect=%2Fadmin%2Fpools',
    });
  });

  it('allows admins with a validated second factor', () => {
    const validation = validAnswer({ isAdmin: true, is2FaValidated: true, secondFactor: 'verify' });
    expect(decideAccess({ ...base, path: '/admin', requireAdmin: true, validation })).toEqual({ kind: 'allow' });
  });
});
