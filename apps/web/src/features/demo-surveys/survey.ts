/**
 * The demo survey of docs/reference/product.md §3. The survey screens are a leftover of the template the
 * product grew from (docs/reference/product.md §1): sample data only, nothing to do with VAT.
 */

export const surveyCategories = ['Development', 'Workplace', 'Hardware'] as const;
export type SurveyCategory = (typeof surveyCategories)[number];

export const surveyStatuses = ['ACTIVE', 'COMPLETED'] as const;
export type SurveyStatus = (typeof surveyStatuses)[number];

export const surveyLabels = ['EDUCATION', 'NEW FRAMEWORK', 'PERSONAL'] as const;
export type SurveyLabel = (typeof surveyLabels)[number];

/** The template's colour names for labels; the screen turns them into Mantine colours. */
export type SurveyLabelColor = 'secondary' | 'primary' | 'info';

export const labelColors: Record<SurveyLabel, SurveyLabelColor> = {
  EDUCATION: 'secondary',
  'NEW FRAMEWORK': 'primary',
  PERSONAL: 'info',
};

/** 1 = free text, 2 = multiple choice, 3 = single choice. */
export type AnswerType = 1 | 2 | 3;

export interface SurveyAnswer {
  id: number;
  label: string;
}

export interface SurveyQuestion {
  id: number;
  title: string;
  question: string;
  answerType: AnswerType;
  answers: SurveyAnswer[];
}

export interface Survey {
  id: number;
  title: string;
  category: SurveyCategory;
  /** A calendar date, YYYY-MM-DD. */
  createDate: string;
  status: SurveyStatus;
  label: SurveyLabel;
  labelColor: SurveyLabelColor;
  detail: string;
  questions: SurveyQuestion[];
}

/** The columns the list filters and orders by (docs/reference/product.md §3, 'Order columns'). */
export const surveyColumns = ['title', 'category', 'status', 'label'] as const;
export type SurveyColumn = (typeof surveyColumns)[number];

/** Columns with a fixed set of values, so the filter can offer them as choices. */
export const filterColumns = ['category', 'status', 'label'] as const;
export type FilterColumn = (typeof filterColumns)[number];

export const filterValues: Record<FilterColumn, readonly string[]> = {
  category: surveyCategories,
  status: surveyStatuses,
  label: surveyLabels,
};
