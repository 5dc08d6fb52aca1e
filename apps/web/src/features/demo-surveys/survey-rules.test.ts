import { describe, expect, it } from 'vitest';
import { sampleSurveys } from './sample-data';
import { type Survey, type SurveyQuestion, labelColors } from './survey';
import { deleteQuestion, filterSurveys, searchSurveys, sortSurveys, visibleSurveys } from './survey-rules';

function aQuestion(id: number, overrides: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return { id, title: `Question ${id}`, question: `What about ${id}?`, answerType: 1, answers: [], ...overrides };
}

function aSurvey(id: number, overrides: Partial<Survey> = {}): Survey {
  const label = overrides.label ?? 'EDUCATION';
  return {
    id,
    title: `Survey ${id}`,
    category: 'Development',
    createDate: '2025-01-01',
    status: 'ACTIVE',
    label,
    labelColor: labelColors[label],
    detail: 'Plain detail.',
    questions: [aQuestion(1), aQuestion(2), aQuestion(3)],
    ...overrides,
  };
}

const surveys: Survey[] = [
  aSurvey(1, { title: 'beta tools', category: 'Workplace', status: 'COMPLETED', label: 'PERSONAL' }),
  aSurvey(2, { title: 'Alpha chairs', category: 'Hardware', label: 'NEW FRAMEWORK' }),
  aSurvey(3, { title: 'Gamma builds', category: 'Development', detail: 'About the new Hardware budget.' }),
  aSurvey(4, { title: 'alpha desks', category: 'Workplace', status: 'COMPLETED' }),
];

const ids = (list: readonly Survey[]) => list.map((survey) => survey.id);

describe('filtering surveys by a column and value', () => {
  it('keeps the surveys whose column holds the value', () => {
    expect(ids(filterSurveys(surveys, 'category', 'Workplace'))).toEqual([1, 4]);
    expect(ids(filterSurveys(surveys, 'status', 'COMPLETED'))).toEqual([1, 4]);
    expect(ids(filterSurveys(surveys, 'label', 'NEW FRAMEWORK'))).toEqual([2]);
  });

  it('matches the whole value, ignoring case, not a part of it', () => {
    expect(ids(filterSurveys(surveys, 'category', 'hardware'))).toEqual([2]);
    expect(ids(filterSurveys(surveys, 'label', 'FRAMEWORK'))).toEqual([]);
  });

  it('clears the filter when the value is empty or blank', () => {
    expect(ids(filterSurveys(surveys, 'category', ''))).toEqual([1, 2, 3, 4]);
    expect(ids(filterSurveys(surveys, 'status', '   '))).toEqual([1, 2, 3, 4]);
  });
});

describe('sorting surveys', () => {
  it('sorts ascending by title, ignoring case', () => {
    expect(ids(sortSurveys(surveys, 'title'))).toEqual([2, 4, 1, 3]);
  });

  it('sorts ascending by category, status and label, keeping the order of equal values', () => {
    expect(ids(sortSurveys(surveys, 'category'))).toEqual([3, 2, 1, 4]);
    expect(ids(sortSurveys(surveys, 'status'))).toEqual([2, 3, 1, 4]);
    expect(ids(sortSurveys(surveys, 'label'))).toEqual([3, 4, 2, 1]);
  });

  it('does not change the list it was given', () => {
    const before = ids(surveys);
    sortSurveys(surveys, 'title');
    expect(ids(surveys)).toEqual(before);
  });
});

describe('searching surveys by keyword', () => {
  it('looks in the title, detail, status, category and label, ignoring case', () => {
    expect(ids(searchSurveys(surveys, 'ALPHA'))).toEqual([2, 4]);
    expect(ids(searchSurveys(surveys, 'hardware'))).toEqual([2, 3]);
    expect(ids(searchSurveys(surveys, 'completed'))).toEqual([1, 4]);
    expect(ids(searchSurveys(surveys, 'Framework'))).toEqual([2]);
    expect(ids(searchSurveys(surveys, 'personal'))).toEqual([1]);
  });

  it('does not look in the questions or the date', () => {
    expect(ids(searchSurveys(surveys, 'Question 1'))).toEqual([]);
    expect(ids(searchSurveys(surveys, '2025'))).toEqual([]);
  });

  it('keeps every survey for an empty or blank keyword, and trims the keyword', () => {
    expect(ids(searchSurveys(surveys, ''))).toEqual([1, 2, 3, 4]);
    expect(ids(searchSurveys(surveys, '  '))).toEqual([1, 2, 3, 4]);
    expect(ids(searchSurveys(surveys, '  gamma '))).toEqual([3]);
  });
});

describe('the visible list', () => {
  it('applies the filter, the keyword and the order together', () => {
    const view = { filter: { column: 'status', value: 'COMPLETED' }, keyword: 'a', sortBy: 'title' } as const;
    expect(ids(visibleSurveys(surveys, view))).toEqual([4, 1]);
  });

  it('is the whole list, in its own order, when nothing is chosen', () => {
    expect(ids(visibleSurveys(surveys, {}))).toEqual([1, 2, 3, 4]);
    expect(ids(visibleSurveys(surveys, { filter: { column: 'category', value: '' }, keyword: '' }))).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('narrows the sample data to the two new-framework surveys for "framework"', () => {
    expect(visibleSurveys(sampleSurveys, { keyword: 'framework', sortBy: 'title' }).map((s) => s.title)).toEqual([
      'Monitor and dock standards',
      'React component patterns',
    ]);
  });
});

describe('deleting a question', () => {
  it('removes that question and keeps the others in order', () => {
    const survey = aSurvey(1);
    expect(deleteQuestion(survey, 2).questions.map((question) => question.id)).toEqual([1, 3]);
  });

  it('leaves the survey it was given unchanged', () => {
    const survey = aSurvey(1);
    deleteQuestion(survey, 2);
    expect(survey.questions).toHaveLength(3);
  });

  it('returns the same survey for a question it does not have', () => {
    const survey = aSurvey(1);
    expect(deleteQuestion(survey, 99)).toBe(survey);
  });

  it('can delete every question', () => {
    const emptied = [1, 2, 3].reduce((survey, id) => deleteQuestion(survey, id), aSurvey(1));
    expect(emptied.questions).toEqual([]);
  });
});

describe('the sample data', () => {
  it('gives each label the colour of docs/reference/product.md §3', () => {
    for (const survey of sampleSurveys) expect(survey.labelColor).toBe(labelColors[survey.label]);
    expect(labelColors).toEqual({ EDUCATION: 'secondary', 'NEW FRAMEWORK': 'primary', PERSONAL: 'info' });
  });

  it('numbers surveys uniquely and questions uniquely within each survey', () => {
    expect(new Set(ids(sampleSurveys)).size).toBe(sampleSurveys.length);
    for (const survey of sampleSurveys) {
      expect(new Set(survey.questions.map((question) => question.id)).size).toBe(survey.questions.length);
    }
  });

  it('lists answers only for choice questions', () => {
    for (const question of sampleSurveys.flatMap((survey) => survey.questions)) {
      expect(question.answers.length > 0, question.title).toBe(question.answerType !== 1);
    }
  });
});
