import { ukLocale } from '@vatwise/domain';
import type { Survey, SurveyColumn } from './survey';

/**
 * The survey list's rules (docs/reference/product.md §4, 'Survey demo'). Each takes a list and returns a new
 * one; none changes what it was given.
 */

const fold = (text: string) => text.toLocaleLowerCase(ukLocale);

/** Surveys whose column holds exactly this value, ignoring case. An empty value clears the filter. */
export function filterSurveys(surveys: readonly Survey[], column: SurveyColumn, value: string): Survey[] {
  const wanted = fold(value.trim());
  if (!wanted) return [...surveys];
  return surveys.filter((survey) => fold(survey[column]) === wanted);
}

/** Ascending by the column, ignoring case; surveys with equal values keep their order. */
export function sortSurveys(surveys: readonly Survey[], by: SurveyColumn): Survey[] {
  return surveys
    .map((survey, index) => ({ survey, index }))
    .sort(
      (a, b) =>
        a.survey[by].localeCompare(b.survey[by], ukLocale, { sensitivity: 'base', numeric: true }) || a.index - b.index,
    )
    .map((entry) => entry.survey);
}

/** The fields a keyword is looked for in. */
const searchedFields = ['title', 'detail', 'status', 'category', 'label'] as const;

/** Surveys with the keyword anywhere in their title, detail, status, category or label, ignoring case. */
export function searchSurveys(surveys: readonly Survey[], keyword: string): Survey[] {
  const wanted = fold(keyword.trim());
  if (!wanted) return [...surveys];
  return surveys.filter((survey) => searchedFields.some((field) => fold(survey[field]).includes(wanted)));
}

/** What the list shows; empty or missing parts leave the list as it is. */
export interface SurveyListView {
  filter?: { column: SurveyColumn; value: string };
  sortBy?: SurveyColumn;
  keyword?: string;
}

/** The filter, the keyword search and the order, all at once. */
export function visibleSurveys(surveys: readonly Survey[], view: SurveyListView): Survey[] {
  let shown = view.filter ? filterSurveys(surveys, view.filter.column, view.filter.value) : [...surveys];
  shown = searchSurveys(shown, view.keyword ?? '');
  return view.sortBy ? sortSurveys(shown, view.sortBy) : shown;
}

/** The survey without that question; an unknown question leaves it as it was. */
export function deleteQuestion(survey: Survey, questionId: number): Survey {
  if (!survey.questions.some((question) => question.id === questionId)) return survey;
  return { ...survey, questions: survey.questions.filter((question) => question.id !== questionId) };
}
