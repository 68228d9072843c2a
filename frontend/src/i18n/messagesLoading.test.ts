import { describe, expect, it, vi } from 'vitest';
import en from './en.json';
import nb from './nb.json';

// A fresh copy of the module for each test: the test set-up has already
// loaded every catalogue into the shared one.
async function freshMessages() {
  vi.resetModules();
  return import('./messages');
}

describe('loading message catalogues', () => {
  it('has the default language at once and loads the others on demand', async () => {
    const { loadedMessages, loadMessages } = await freshMessages();
    expect(loadedMessages('nb')).toEqual(nb);
    expect(loadedMessages('en')).toBeUndefined();
    await expect(loadMessages('en')).resolves.toEqual(en);
    expect(loadedMessages('en')).toEqual(en);
  });

  it('loads a language once however often it is asked for', async () => {
    const { loadMessages } = await freshMessages();
    const [a, b] = await Promise.all([loadMessages('en'), loadMessages('en')]);
    expect(a).toBe(b);
    await expect(loadMessages('nb')).resolves.toBe(await loadMessages('nb'));
  });
});
