import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { preferencesSlice } from '../theme/preferences';

/**
 * Slices that load with their screens declare themselves here (declaration merging), so the
 * landing page does not download the API layer or the auth state it never uses.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(preferencesSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware added by lazily loaded modules (RTK Query's). */
export const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;
