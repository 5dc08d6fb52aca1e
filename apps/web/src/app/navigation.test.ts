import { describe, expect, it } from 'vitest';
import { APP_BASE, isNavItemActive } from '../shared/navigation/screens';
import { allNavItems } from './navigation';

const activeAt = (pathname: string) =>
  allNavItems.filter((item) => isNavItemActive(item, pathname)).map((item) => item.key);

describe('the navigation’s current screen', () => {
  it('is one item only, even where one path starts like another', () => {
    expect(activeAt(`${APP_BASE}/practice-dashboard`)).toEqual(['practiceDashboard']);
    expect(activeAt(`${APP_BASE}/practice`)).toEqual(['practice']);
    expect(activeAt(APP_BASE)).toEqual(['home']);
  });

  it('stays on a screen’s own pages below it', () => {
    expect(activeAt(`${APP_BASE}/vat-submissions/abc`)).toEqual(['vatSubmissions']);
    expect(activeAt(`${APP_BASE}/clients/`)).toEqual(['clients']);
  });
});
