import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from './language';

/** Redux state for the language currently shown. */
export interface LanguageState {
  current: Language;
}

/** The part of the root state this slice owns; lets shared code read it without importing the store. */
export interface LanguageRootState {
  language: LanguageState;
}

const initialState: LanguageState = { current: DEFAULT_LANGUAGE };

const languageSlice = createSlice({
  name: 'language',
  initialState,
  reducers: {
    /** Shows the app in another language. Does not touch storage; see `useLanguage`. */
    languageChanged(state, action: PayloadAction<Language>) {
      state.current = action.payload;
    },
  },
});

/** Action creator: show the app in the given language. */
export const { languageChanged } = languageSlice.actions;
/** Reducer for the `language` key of the root state. */
export const languageReducer = languageSlice.reducer;

/** Selects the language currently shown. */
export const selectLanguage = (state: LanguageRootState): Language => state.language.current;
