import type { Survey } from './survey';
import { deleteQuestion } from './survey-rules';

/** docs/reference/product.md §9: the demo's calls are mocked and answer after 1000 ms. */
export const MOCK_DELAY_MS = 1000;

/**
 * The demo's pretend back end: surveys held in memory, answered after a delay. A deleted
 * question stays deleted until the page is reloaded. Returns `undefined` for an unknown survey.
 */
export function createSurveyStore(initial: readonly Survey[], delayMs = MOCK_DELAY_MS) {
  let surveys = initial;

  const later = <T>(answer: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(answer()), delayMs));
  const find = (id: number) => surveys.find((survey) => survey.id === id);

  return {
    listSurveys: () => later(() => [...surveys]),
    getSurvey: (id: number) => later(() => find(id)),
    deleteQuestion: (surveyId: number, questionId: number) =>
      later(() => {
        const survey = find(surveyId);
        if (!survey) return undefined;
        const updated = deleteQuestion(survey, questionId);
        surveys = surveys.map((candidate) => (candidate.id === surveyId ? updated : candidate));
        return updated;
      }),
  };
}

export type SurveyStore = ReturnType<typeof createSurveyStore>;
