import { Role } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { adminsOnly, anyUser, decideAccess, everyone, loginReturningTo, safeRedirect, sessionEndedUrl } from './access';

describe('the auth guard rule', () => {
  it('waits for the check on protected pages, and renders guest-allowed pages meanwhile', () => {
    expect(decideAccess(anyUser, { status: 'unknown', role: undefined }, '/app')).toBe('check');
    expect(decideAccess(everyone, { status: 'unknown', role: undefined }, '/app/about')).toBe('allow');
  });

  it('sends someone not signed in to /user/login, carrying where they were going', () => {
    expect(decideAccess(anyUser, { status: 'anonymous', role: undefined }, '/app/vat-operations?vrn=1')).toEqual({
      redirect: '/user/login?redirectTo=%2Fapp%2Fvat-operations%3Fvrn%3D1',
    });
  });

  it('sends someone who chose to sign out to /user/login with no return address', () => {
    expect(decideAccess(anyUser, { status: 'anonymous', role: undefined, signedOut: true }, '/app')).toEqual({
      redirect: '/user/login',
    });
  });

  it('sends a role that is not listed to /unauthorized', () => {
    expect(decideAccess(adminsOnly, { status: 'signedIn', role: Role.Editor }, '/app/user-management')).toEqual({
      redirect: '/unauthorized',
    });
    expect(decideAccess(adminsOnly, { status: 'guest', role: Role.Guest }, '/app/user-management')).toEqual({
      redirect: '/unauthorized',
    });
    expect(decideAccess(adminsOnly, { status: 'signedIn', role: Role.Admin }, '/app/user-management')).toBe('allow');
  });

  it('lets the guest into the main area', () => {
    expect(decideAccess(anyUser, { status: 'guest', role: Role.Guest }, '/app/grant-authority')).toBe('allow');
  });

  it('returns only to paths of our own after sign-in', () => {
    expect(safeRedirect('/app/vat-operations')).toBe('/app/vat-operations');
    expect(safeRedirect('https://evil.example')).toBe('/app');
    expect(safeRedirect('//evil.example')).toBe('/app');
    expect(safeRedirect(null)).toBe('/app');
  });

  it('refuses every way of pointing at another site', () => {
    for (const target of [
      'https://evil.example/app',
      'http:evil.example',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'app/vat-operations',
      '',
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe('/app');
    }
  });

  it('keeps a path of ours with its query, but not the sign-in pages', () => {
    expect(safeRedirect('/app/vat-operations?vrn=101747696&tab=liabilities')).toBe(
      '/app/vat-operations?vrn=101747696&tab=liabilities',
    );
    expect(safeRedirect('/user/login?redirectTo=%2Fapp')).toBe('/app');
    expect(safeRedirect('/login')).toBe('/app');
  });

  it('sends an expired session to /login carrying the page and its query', () => {
    expect(sessionEndedUrl({ pathname: '/app/vat-submissions', search: '?period=24A1' })).toBe(
      '/login?redirectTo=%2Fapp%2Fvat-submissions%3Fperiod%3D24A1',
    );
    expect(sessionEndedUrl({ pathname: '/user/login', search: '' })).toBe('/login');
  });

  it('carries only a safe page on to the sign-in page', () => {
    expect(loginReturningTo('/app/clients?x=1')).toBe('/user/login?redirectTo=%2Fapp%2Fclients%3Fx%3D1');
    expect(loginReturningTo('//evil.example')).toBe('/user/login');
    expect(loginReturningTo(null)).toBe('/user/login');
  });
});
