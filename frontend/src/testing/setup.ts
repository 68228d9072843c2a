import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { retryTiming } from '@/api/apiSlice';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@/i18n/language';
import { setCurrentLanguage } from '@/i18n/languageStore';
import { loadMessages, wantWholeCatalogues } from '@/i18n/messages';
import { forgetConnection, operationsUnderWay } from '@/pwa/deviceStore';

// Node's fetch (which RTK Query uses here) refuses relative URLs such as
// `/api/tenant`; a browser resolves them against the page. Do the same.
const NodeRequest = globalThis.Request;
class PageRelativeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
}
globalThis.Request = PageRelativeRequest;

// Whole screens render slowly in jsdom on a busy machine (CI builds Citus
// beside the tests): findBy and waitFor wait up to ten seconds rather than
// the default one. A test that waits for what never comes still fails.
configure({ asyncUtilTimeout: 10_000 });

// Every catalogue is there from the start, as in a browser that has
// loaded the page in that language.
wantWholeCatalogues();
await Promise.all(LANGUAGES.map((language) => loadMessages(language)));

// Reads that fail on the way are retried at once here, not after a pause.
retryTiming.stepMs = 0;

/** Node's setImmediate, which fake timers leave real and on which IndexedDB here runs. */
const { setImmediate: nextTurn } = globalThis as unknown as { setImmediate: (callback: () => void) => void };
/** One turn of the event loop. */
const turn = () => new Promise<void>((resolve) => nextTurn(resolve));

/**
 * Waits until the device store has been idle for two turns, at most two
 * seconds: a page's chain of writes can outlive it, and a write that lands
 * after the reset below would reach the next test's database.
 */
async function deviceQuiet(): Promise<void> {
  const end = performance.now() + 2000;
  let idle = 0;
  while (idle < 2 && performance.now() < end) {
    await turn();
    idle = operationsUnderWay() === 0 ? idle + 1 : 0;
  }
}

afterEach(async () => {
  cleanup();
  await deviceQuiet();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The language shown is page-wide state; each test starts in the default.
  setCurrentLanguage(DEFAULT_LANGUAGE);
  // What a page kept on the device (IndexedDB) goes with the test.
  forgetConnection();
  globalThis.indexedDB = new IDBFactory();
});
