import { describe, expect, it } from 'vitest';
import { controlsFromParams, paramsFromControls, viewOf } from './list-view';

describe('the survey list controls in the address', () => {
  it('reads the keyword, filter and order', () => {
    expect(controlsFromParams(new URLSearchParams('q=laptop&filter=status&value=ACTIVE&sort=label'))).toEqual({
      keyword: 'laptop',
      filterColumn: 'status',
      filterValue: 'ACTIVE',
      sortBy: 'label',
    });
  });

  it('falls back to no keyword, a category filter with no value and no order', () => {
    const defaults = { keyword: '', filterColumn: 'category', filterValue: '', sortBy: '' };
    expect(controlsFromParams(new URLSearchParams())).toEqual(defaults);
    expect(controlsFromParams(new URLSearchParams('filter=createDate&sort=detail'))).toEqual(defaults);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(paramsFromControls({ keyword: '', filterColumn: 'category', filterValue: '', sortBy: '' }).toString()).toBe(
      '',
    );
    const controls = {
      keyword: 'new framework',
      filterColumn: 'label',
      filterValue: 'PERSONAL',
      sortBy: 'title',
    } as const;
    expect(controlsFromParams(paramsFromControls(controls))).toEqual(controls);
    // A chosen column with no value yet is kept, so the control does not jump back.
    expect(paramsFromControls({ ...controls, keyword: '', filterValue: '', sortBy: '' }).toString()).toBe(
      'filter=label',
    );
  });

  it('turns the controls into the rules’ view, with no order when none is chosen', () => {
    expect(viewOf({ keyword: 'x', filterColumn: 'status', filterValue: 'ACTIVE', sortBy: '' })).toEqual({
      keyword: 'x',
      filter: { column: 'status', value: 'ACTIVE' },
      sortBy: undefined,
    });
  });
});
