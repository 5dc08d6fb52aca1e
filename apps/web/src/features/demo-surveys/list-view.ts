import { type FilterColumn, type SurveyColumn, filterColumns, surveyColumns } from './survey';
import type { SurveyListView } from './survey-rules';

/** The list's controls as the screen holds them; the URL keeps them (?q=…&filter=…&value=…&sort=…). */
export interface SurveyListControls {
  keyword: string;
  filterColumn: FilterColumn;
  /** Empty: no filter. */
  filterValue: string;
  /** Empty: the order the surveys come in. */
  sortBy: SurveyColumn | '';
}

const DEFAULT_FILTER_COLUMN: FilterColumn = 'category';

const isOneOf = <Value extends string>(values: readonly Value[], candidate: string | null): candidate is Value =>
  candidate !== null && (values as readonly string[]).includes(candidate);

/** Controls from the address; anything unknown falls back to its default. */
export function controlsFromParams(params: URLSearchParams): SurveyListControls {
  const column = params.get('filter');
  const sort = params.get('sort');
  return {
    keyword: params.get('q') ?? '',
    filterColumn: isOneOf(filterColumns, column) ? column : DEFAULT_FILTER_COLUMN,
    filterValue: params.get('value') ?? '',
    sortBy: isOneOf(surveyColumns, sort) ? sort : '',
  };
}

/** The address for these controls, leaving out whatever is at its default. */
export function paramsFromControls(controls: SurveyListControls): URLSearchParams {
  const params = new URLSearchParams();
  if (controls.keyword) params.set('q', controls.keyword);
  if (controls.filterColumn !== DEFAULT_FILTER_COLUMN || controls.filterValue) {
    params.set('filter', controls.filterColumn);
  }
  if (controls.filterValue) params.set('value', controls.filterValue);
  if (controls.sortBy) params.set('sort', controls.sortBy);
  return params;
}

export function viewOf(controls: SurveyListControls): SurveyListView {
  return {
    filter: { column: controls.filterColumn, value: controls.filterValue },
    sortBy: controls.sortBy || undefined,
    keyword: controls.keyword,
  };
}
