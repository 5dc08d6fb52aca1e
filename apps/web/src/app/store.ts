import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { changeLanguage } from '../shared/i18n/i18n';
import { dynamicMiddleware, rootReducer } from '../shared/store/root';
import {
  type Preferences,
  colorSchemeChosen,
  colourChosen,
  languageChosen,
  radiusChosen,
  savePreferences,
} from '../shared/theme/preferences';

/** Client state; server data lives in RTK Query's cache, injected with the screens that use it. */
export function createStore(preferences: Preferences) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { preferences },
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(dynamicMiddleware.middleware),
  });

  // Every preference change is saved at once, so it survives a reload.
  listeners.startListening({
    matcher: isAnyOf(colourChosen, colorSchemeChosen, radiusChosen, languageChosen),
    effect: (_action, api) => savePreferences((api.getState() as RootState).preferences),
  });
  listeners.startListening({
    actionCreator: languageChosen,
    effect: async (action) => changeLanguage(action.payload),
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
