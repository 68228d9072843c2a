import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import nb from './nb.json';
import nn from './nn.json';

const others = { nn, en } as const;

/**
 * The arguments and rich-text tags a message uses, e.g. ["count:plural",
 * "name", "<link>"], sorted and unique. A translation that drops, renames or
 * retypes one would show a raw brace or lose a name or number.
 */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      switch (el.type) {
        case TYPE.argument:
          found.add(el.value);
          break;
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`${el.value}:${TYPE[el.type]}`);
          break;
        case TYPE.plural:
        case TYPE.select:
          found.add(`${el.value}:${el.type === TYPE.plural ? 'plural' : 'select'}`);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        case TYPE.tag:
          found.add(`<${el.value}>`);
          walk(el.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('message catalogues', () => {
  it('have the same ids in every language', () => {
    for (const catalogue of Object.values(others)) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(nb).sort());
    }
  });

  it('translate every Bokmål message into each other language, keeping its placeholders', () => {
    for (const [language, catalogue] of Object.entries(others)) {
      const messages: Record<string, string> = catalogue;
      for (const [id, text] of Object.entries(nb)) {
        const translated = messages[id];
        expect(translated?.trim(), `${language}: ${id} is missing or empty`).toBeTruthy();
        expect(placeholders(translated ?? ''), `${language}: placeholders of ${id}`).toEqual(placeholders(text));
      }
    }
  });

  it('has placeholders the check can see', () => {
    expect(placeholders('{count, plural, one {# av {max}} other {<link>{name}</link>}}')).toEqual([
      '<link>',
      'count:plural',
      'max',
      'name',
    ]);
  });

  it('have no empty messages', () => {
    for (const catalogue of [nb, nn, en]) {
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

  // A few words that tell Nynorsk from Bokmål, so the catalogue stays Nynorsk.
  it('write Nynorsk in the Nynorsk catalogue', () => {
    expect(nn['language.name.nn']).toBe('Norsk (nynorsk)');
    expect(nn['role.Advisor.title']).toBe('Praksisrettleiar');
    expect(nn['signing.value.failed']).toBe('Ikkje bestått');
    const bokmaal = /\b(ikke|hva|hvilke|hvordan|noen|veileder|veiledning|egenvurdering|sykepleier|skole)\b/i;
    for (const [id, text] of Object.entries(nn)) expect(text, id).not.toMatch(bokmaal);
  });
});
