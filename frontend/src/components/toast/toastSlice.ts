import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { NormalizedError } from '@/api/errors';
import type { MessageId } from '@/i18n/messages';

/** How long a toast stays before it hides by itself (spec §9). */
export const TOAST_DURATION_MS = 10_000;

/** What a toast says. Kept as data, so it follows a language switch while shown. */
export type ToastContent =
  /** "Lagret!" */
  | { kind: 'saved' }
  /** "Slettet!" */
  | { kind: 'deleted' }
  /** A failed call: its status code and descriptions. */
  | { kind: 'error'; error: NormalizedError }
  /** Any other message from the catalogues. */
  | {
      kind: 'message';
      severity: 'success' | 'info' | 'warning' | 'error';
      messageId: MessageId;
      values?: Record<string, string | number>;
    };

/** A toast on screen. */
export type Toast = ToastContent & { id: string };

/** Redux state of the toasts shown, oldest first. */
export interface ToastState {
  items: Toast[];
}

/** The part of the root state this slice owns. */
export interface ToastRootState {
  toast: ToastState;
}

/** At most this many toasts at once; the oldest goes first. */
const MAX_TOASTS = 3;

const initialState: ToastState = { items: [] };

const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
        if (state.items.length > MAX_TOASTS) state.items.splice(0, state.items.length - MAX_TOASTS);
      },
      prepare(content: ToastContent) {
        return { payload: { ...content, id: nanoid() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
});

/** Action creators: show a toast; hide one (by id). */
export const { toastShown, toastDismissed } = toastSlice.actions;
/** Reducer for the `toast` key of the root state. */
export const toastReducer = toastSlice.reducer;

/** Selects the toasts shown. */
export const selectToasts = (state: ToastRootState): Toast[] => state.toast.items;
