import { api } from '../../shared/api/base-api';
import { sampleSurveys } from './sample-data';
import type { Survey } from './survey';
import { createSurveyStore } from './survey-store';

/** One store for the life of the page, so a deletion survives leaving the screen and coming back. */
const store = createSurveyStore(sampleSurveys);

const notFound = { error: { status: 404, data: { code: 'NOT_FOUND' } } };

/** The demo's calls, through the app's query cache like real ones, but answered by the in-memory store. */
export const demoSurveysApi = api.injectEndpoints({
  endpoints: (build) => ({
    surveys: build.query<Survey[], void>({
      queryFn: async () => ({ data: await store.listSurveys() }),
    }),
    survey: build.query<Survey, number>({
      queryFn: async (id) => {
        const survey = await store.getSurvey(id);
        return survey ? { data: survey } : notFound;
      },
    }),
    deleteQuestion: build.mutation<Survey, { surveyId: number; questionId: number }>({
      queryFn: async ({ surveyId, questionId }) => {
        const survey = await store.deleteQuestion(surveyId, questionId);
        return survey ? { data: survey } : notFound;
      },
      // Put the answer straight into the cache: a refetch would show the question for another second.
      async onQueryStarted({ surveyId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(demoSurveysApi.util.updateQueryData('survey', surveyId, () => data));
          dispatch(
            demoSurveysApi.util.updateQueryData('surveys', undefined, (surveys) =>
              surveys.map((survey) => (survey.id === surveyId ? data : survey)),
            ),
          );
        } catch {
          // The page that asked says so; the cache keeps what it had.
        }
      },
    }),
  }),
});
