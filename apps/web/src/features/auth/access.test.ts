import { Role } from '@vatwise/domain';
import { describe, expect, it } from 'vitest';
import { adminsOnly, anyUser, decideAccess, everyone, safeRedirect } from './access';

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
});
