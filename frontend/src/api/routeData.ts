import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { deviceCopy, startEarly } from './earlyRequests';

/**
 * The store the route-level prefetches fill: set once the signed-in app has
 * created it, before the router matches its first route.
 */
let store: DataStore | null = null;

/** What the prefetches need of the app's store. */
export interface DataStore {
  getState: () => unknown;
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
}

/** Lets route loaders start their pages' reads in this store. */
export function setRouteDataStore(next: DataStore | null): void {
  store = next;
}

// Thunks as RTK Query's util and initiate return them; only dispatched here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyThunk = ThunkAction<any, any, any, UnknownAction>;

/** One query to have ready before its page renders. */
export interface PrimedQuery {
  /** The GET the endpoint sends, relative to /api/. */
  path: string;
  /**
   * The query's status in the store: 'uninitialized' until anyone asked.
   * (The state is the endpoint's view of it; each api slice names its own tags.)
   */
  status: (state: never) => string;
  /** Puts an answer into the store as the query's data. */
  upsert: (data: unknown) => AnyThunk;
  /** Asks the server, whatever the store holds (without a subscription: the page subscribes). */
  refresh: () => AnyThunk;
}

/**
 * Starts a page's read as soon as its route is known, in parallel with the
 * page's code: the request goes at once, and while it travels the answer
 * kept on this device (a returning visit) is put into the store, so the
 * page draws at once and its data then refreshes in place (RTK Query keeps
 * unchanged parts of the answer as they were, so nothing flashes). A query
 * anyone already asked for is left alone.
 */
export function prime(query: PrimedQuery): void {
  const s = store;
  if (!s || query.status(s.getState() as never) !== 'uninitialized') return;
  startEarly(query.path);
  void deviceCopy(query.path).then(async (copy) => {
    // The page may have asked meanwhile: its request took the started one.
    if (query.status(s.getState() as never) !== 'uninitialized') return;
    if (copy !== undefined) await s.dispatch(query.upsert(copy));
    void s.dispatch(query.refresh());
  });
}
