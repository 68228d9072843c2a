import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInApi } from '@/testing/renderApp';
import { demoUser } from '@/testing/fixtures';
import { demoWarning } from '../testing/fixtures';
import { renderPage } from '../testing/renderPage';
import type { WarningTexts } from '../types';
import { WARNING_AUTOSAVE_MS, WARNING_TEXT_MAX } from '../warningRules';
import { WarningDialog } from './WarningDialog';

const FIELDS = {
  comment: 'Begrunnelse',
  passRequirement: 'Krav for å bestå',
  passRequirementSummary: 'Oppsummering til studenten',
} as const;

function renderDialog() {
  const drafts: WarningTexts[] = [];
  const sent: WarningTexts[] = [];
  const onSent = vi.fn();
  signedInApi(demoUser(), {
    'POST /api/classes/2/students/7/warning': async (request) => {
      const texts = (await request.json()) as WarningTexts;
      drafts.push(texts);
      return { status: 200, body: demoWarning({ ...texts, updatedAt: '2026-10-13T15:00:00Z' }) };
    },
    'POST /api/classes/2/students/7/warning/submit': async (request) => {
      const texts = (await request.json()) as WarningTexts;
      sent.push(texts);
      return { status: 200, body: demoWarning({ ...texts, submittedAt: '2026-10-13T15:01:00Z' }) };
    },
  });
  renderPage(
    <WarningDialog
      open
      target={{ classId: 2, studentId: 7 }}
      studentName="Jonas Berg"
      warning={null}
      deadline={{ midpoint: '2026-10-09', lastDate: '2026-11-06' }}
      onClose={() => undefined}
      onSent={onSent}
    />,
    { user: demoUser(), path: '/teacher/class/2/student/7' },
  );
  return { drafts, sent, onSent };
}

const field = (name: keyof typeof FIELDS) => screen.getByRole('textbox', { name: new RegExp(`^${FIELDS[name]}`) });
const type = (name: keyof typeof FIELDS, value: string) => fireEvent.change(field(name), { target: { value } });
const sendButton = () => screen.getByRole('button', { name: 'Send varselet til studenten' });

describe('the warning dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('explains what the texts must say and shows the last date for a warning', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Varsel om fare for ikke bestått: Jonas Berg' });
    expect(dialog).toHaveTextContent('læringsutbyttene og vurderingskriteriene');
    expect(dialog).toHaveTextContent('Siste dato for å gi varsel: fredag 6. november 2026');
    expect(field('passRequirement')).toHaveAccessibleDescription(/hvilket nivå som minst forventes/);
    for (const name of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
      expect(field(name)).toBeRequired();
      expect(field(name)).toHaveAttribute('rows', '5');
    }
  });

  it('keeps sending disabled while any text is empty', async () => {
    const { sent, onSent } = renderDialog();
    await screen.findByRole('dialog');
    expect(sendButton()).toBeDisabled();
    type('comment', 'Legemiddelhåndtering er ikke på forventet nivå.');
    type('passRequirement', 'Dobbeltkontroll hver gang, nivå «Delvis selvstendig».');
    expect(sendButton()).toBeDisabled();
    type('passRequirementSummary', '   ');
    expect(sendButton()).toBeDisabled();
    type('passRequirementSummary', 'Trygg legemiddelhåndtering.');
    expect(sendButton()).toBeEnabled();

    fireEvent.click(sendButton());
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    // Sending saves the texts as they stand.
    expect(sent).toEqual([
      {
        comment: 'Legemiddelhåndtering er ikke på forventet nivå.',
        passRequirement: 'Dobbeltkontroll hver gang, nivå «Delvis selvstendig».',
        passRequirementSummary: 'Trygg legemiddelhåndtering.',
      },
    ]);
  });

  it('holds each text to 10 000 characters', async () => {
    renderDialog();
    await screen.findByRole('dialog');
    expect(field('comment')).toHaveAttribute('maxlength', String(WARNING_TEXT_MAX));
    type('comment', 'x'.repeat(WARNING_TEXT_MAX + 25));
    expect(field('comment')).toHaveValue('x'.repeat(WARNING_TEXT_MAX));
    expect(field('comment')).toHaveAccessibleDescription(/10\s?000 av høyst 10\s?000 tegn/);
  });

  it('saves the draft 3 seconds after the last edit', async () => {
    const { drafts } = renderDialog();
    await screen.findByRole('dialog');
    vi.useFakeTimers();

    type('comment', 'Første');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WARNING_AUTOSAVE_MS - 500);
    });
    type('comment', 'Første utkast');
    // The second edit starts the wait over.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WARNING_AUTOSAVE_MS - 1);
    });
    expect(drafts).toEqual([]);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    vi.useRealTimers();
    await waitFor(() =>
      expect(drafts).toEqual([{ comment: 'Første utkast', passRequirement: '', passRequirementSummary: '' }]),
    );
    expect(await screen.findByText(/Utkastet er lagret/)).toBeInTheDocument();
  });
});
