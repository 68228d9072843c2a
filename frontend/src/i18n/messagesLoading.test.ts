import { describe, expect, it, vi } from 'vitest';
import en from './en.json';
import nb from './nb.json';
import { isPublicMessage } from './publicMessages';

// A fresh copy of the module for each test: the test set-up has already
// loaded every catalogue into the shared one.
async function freshMessages() {
  vi.resetModules();
  return import('./messages');
}

describe('loading message catalogues', () => {
  it("has the default language's login messages at once, and only those", async () => {
    const { loadedMessages } = await freshMessages();
    const shipped = loadedMessages('nb') ?? {};
    expect(Object.keys(shipped).length).toBeGreaterThan(0);
    expect(Object.keys(shipped).every(isPublicMessage)).toBe(true);
    expect(Object.keys(shipped).sort()).toEqual(Object.keys(nb).filter(isPublicMessage).sort());
    expect(loadedMessages('en')).toBeUndefined();
  });

  it("loads another language's login messages on demand before sign-in", async () => {
    const { loadedMessages, loadMessages } = await freshMessages();
    const login = await loadMessages('en');
    expect(Object.keys(login).sort()).toEqual(Object.keys(en).filter(isPublicMessage).sort());
    expect(loadedMessages('en')).toBe(login);
  });

  it('loads whole catalogues for the signed-in app, the default language too', async () => {
    const { loadedMessages, loadMessages, wantWholeCatalogues } = await freshMessages();
    wantWholeCatalogues();
    expect(loadedMessages('nb')).toBeUndefined();
    await expect(loadMessages('nb')).resolves.toEqual(nb);
    await expect(loadMessages('en')).resolves.toEqual(en);
    expect(loadedMessages('en')).toEqual(en);
  });

  it('loads a language once however often it is asked for', async () => {
    const { loadMessages, wantWholeCatalogues } = await freshMessages();
    wantWholeCatalogues();
    const [a, b] = await Promise.all([loadMessages('en'), loadMessages('en')]);
    expect(a).toBe(b);
    await expect(loadMessages('nb')).resolves.toBe(await loadMessages('nb'));
  });
});
