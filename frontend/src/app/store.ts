import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '@/api/apiSlice';
import { toastReducer } from '@/components/toast/toastSlice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  toast: toastReducer,
});

/** The whole Redux state. */
export type RootState = ReturnType<typeof rootReducer>;

/**
 * Creates the Redux store. Tests may pass `preloadedState`. The language shown is not
 * here but in the language store (`i18n/languageStore`).
 */
export function setupStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  // Refetch on focus and reconnect where endpoints ask for it.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
