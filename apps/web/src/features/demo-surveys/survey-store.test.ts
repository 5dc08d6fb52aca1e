import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleSurveys } from './sample-data';
import { MOCK_DELAY_MS, createSurveyStore } from './survey-store';

describe('the demo survey store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs a call to the store through its delay. */
  async function settle<T>(call: Promise<T>): Promise<T> {
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    return call;
  }

  it('answers after the mock delay of 1000 ms, not before', async () => {
    const store = createSurveyStore(sampleSurveys);
    const answered = vi.fn();
    void store.listSurveys().then(answered);
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS - 1);
    expect(answered).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toHaveBeenCalledWith(sampleSurveys);
  });

  it('keeps a deleted question deleted for later calls, in the survey and the list', async () => {
    const store = createSurveyStore(sampleSurveys);
    const updated = await settle(store.deleteQuestion(1, 2));
    expect(updated?.questions.map((question) => question.id)).toEqual([1, 3]);
    expect((await settle(store.getSurvey(1)))?.questions.map((question) => question.id)).toEqual([1, 3]);
    const list = await settle(store.listSurveys());
    expect(list.find((survey) => survey.id === 1)?.questions).toHaveLength(2);
    // The sample data itself is untouched, so a new store (a reload) starts afresh.
    expect(sampleSurveys[0]?.questions).toHaveLength(3);
  });

  it('answers undefined for a survey it does not have', async () => {
    const store = createSurveyStore(sampleSurveys);
    expect(await settle(store.getSurvey(404))).toBeUndefined();
    expect(await settle(store.deleteQuestion(404, 1))).toBeUndefined();
  });
});
