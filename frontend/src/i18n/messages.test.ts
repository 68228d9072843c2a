import { describe, expect, it } from 'vitest';
import en from './en.json';
import nb from './nb.json';

describe('message catalogues', () => {
  it('have the same ids in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(nb).sort());
  });

  it('have no empty messages', () => {
    for (const catalogue of [nb, en]) {
      for (const [id, text] of Object.entries(catalogue)) {
        expect(text.trim(), id).not.toBe('');
      }
    }
  });

  // The texts the specification gives word for word: Norwegian ones in the
  // Norwegian catalogue, English ones in the English catalogue.
  it('hold the toast and error texts of the specification word for word', () => {
    expect(nb['toast.saved']).toBe('Lagret!');
    expect(nb['toast.deleted']).toBe('Slettet!');
    expect(en['error.http.title']).toBe('Error (HTTP {code})');
    expect(nb['error.unexpected']).toBe('En uventet feil oppsto');
    expect(nb['error.generic.title']).toBe('Obs! Noe gikk galt');
    expect(nb['error.generic.server']).toBe(
      'Noe gikk galt, vennligst prøv på nytt. Dersom feilen vedvarer, kontakt en administrator.',
    );
    expect(nb['session.userFailed']).toBe('Klarte ikke hente innlogget bruker');
    expect(nb['admin.semester.csvFailed']).toBe('Klarte ikke laste ned rapport');
    expect(nb['signing.saveFailed']).toBe('Klarte ikke lagre.');
    expect(nb['signing.signFailed']).toBe('Klarte ikke signere.');
  });
});
