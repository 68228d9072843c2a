import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '@/features/auth/token';
import {
  DRAWN_ATTRIBUTE,
  SNAPSHOT_CLASS,
  SNAPSHOT_ID,
  STYLE_ATTRIBUTE,
  forgetPageSnapshots,
  releasePageSnapshot,
  savePageSnapshot,
  snapshotKey,
  snapshotMarkup,
  type PageSnapshot,
} from './pageSnapshot';

/** A token whose subject is `sub` (only its payload is read on the device). */
const tokenOf = (sub: string) => `x.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.y`;

const FORM = `
  <h1 id="title">Spesifikk kompetanse</h1>
  <div role="radiogroup"><label><input type="radio" name="q1" value="1"> Assistert</label>
  <label><input type="radio" name="q1" value="2"> Delvis selvstendig</label></div>
  <textarea id="c1"></textarea>
  <div style="--pk-primary: #123456"></div>`;

function kept(path: string): PageSnapshot | null {
  const raw = window.sessionStorage.getItem(snapshotKey(path));
  return raw ? (JSON.parse(raw) as PageSnapshot) : null;
}

describe('the page snapshot', () => {
  beforeEach(() => {
    document.body.innerHTML = `<div id="root">${FORM}</div>`;
    setToken(tokenOf('42'));
  });
  afterEach(() => {
    clearToken();
    forgetPageSnapshots();
    document.body.innerHTML = '';
    document.documentElement.classList.remove(SNAPSHOT_CLASS);
    document.documentElement.removeAttribute(DRAWN_ATTRIBUTE);
  });

  it('keeps what the page shows: the chosen level, the text written, inline styles the policy lets in', () => {
    const root = document.getElementById('root');
    const chosen = root?.querySelectorAll('input')[1];
    const comment = root?.querySelector('textarea');
    if (!root || !chosen || !comment) throw new Error('the form is not drawn');
    chosen.checked = true;
    comment.value = 'Observerte stell';
    const copy = document.createElement('div');
    copy.innerHTML = snapshotMarkup(root);
    const radios = copy.querySelectorAll('input');
    expect(radios[0]?.hasAttribute('checked')).toBe(false);
    expect(radios[1]?.hasAttribute('checked')).toBe(true);
    // Its own group: checking the app's radios leaves the picture as it is.
    expect(radios[1]?.getAttribute('name')).toBe(`${SNAPSHOT_ID}-q1`);
    expect(copy.querySelector('textarea')?.textContent).toBe('Observerte stell');
    expect(copy.querySelector('[style]')).toBeNull();
    expect(copy.querySelector(`[${STYLE_ATTRIBUTE}]`)?.getAttribute(STYLE_ATTRIBUTE)).toBe('--pk-primary: #123456');
    expect(copy.querySelector('[id]')).toBeNull();
  });

  it("is kept for the token's user and the path, and only for the last five pages", () => {
    for (let i = 1; i <= 6; i++) savePageSnapshot(`/student/form/${i}`);
    expect(kept('/student/form/1')).toBeNull();
    expect(kept('/student/form/6')).toMatchObject({ user: '42' });
    expect(kept('/student/form/6')?.html).toContain('Spesifikk kompetanse');
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith(`${SNAPSHOT_ID}:`))).toHaveLength(5);
  });

  it("keeps the run-time style rules of the page's own parts only", () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<style data-emotion="css">.css-abc12{color:red} .css-zzz99{color:blue} .pk-plain{margin:0}</style>',
    );
    document.getElementById('title')?.classList.add('css-abc12');
    savePageSnapshot('/student/form/1');
    document.head.querySelector('style[data-emotion]')?.remove();
    const css = kept('/student/form/1')?.css ?? '';
    expect(css).toContain('.css-abc12');
    expect(css).toContain('.pk-plain');
    expect(css).not.toContain('.css-zzz99');
  });

  it('is not kept without a token, and goes with forgetPageSnapshots', () => {
    savePageSnapshot('/student/form/1');
    forgetPageSnapshots();
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith(SNAPSHOT_ID))).toEqual([]);
    clearToken();
    savePageSnapshot('/student/form/1');
    expect(kept('/student/form/1')).toBeNull();
  });

  it('gives way to the app: the picture and its style go, and a later one is not shown', () => {
    document.documentElement.classList.add(SNAPSHOT_CLASS);
    document.body.insertAdjacentHTML('afterbegin', `<div id="${SNAPSHOT_ID}" inert></div>`);
    document.head.insertAdjacentHTML('beforeend', `<style id="${SNAPSHOT_ID}-style"></style>`);
    releasePageSnapshot();
    expect(document.getElementById(SNAPSHOT_ID)).toBeNull();
    expect(document.getElementById(`${SNAPSHOT_ID}-style`)).toBeNull();
    expect(document.documentElement.classList.contains(SNAPSHOT_CLASS)).toBe(false);
    expect(document.documentElement.hasAttribute(DRAWN_ATTRIBUTE)).toBe(true);
  });
});
