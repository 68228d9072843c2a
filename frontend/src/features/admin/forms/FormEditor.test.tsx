import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, must, renderAdmin, renderWithProviders } from '../testing/renderAdmin';
import { GROUP_TYPE_GRADING, GROUP_TYPE_TEXT, type Form } from '../types';
import { draftFromForm, draftReducer, draftToInput, emptyDraft, type DraftForm } from './editorModel';
import { FormEditor } from './FormEditor';
// Loaded up front, so the lazy route does not wait for the module in the tests.
import './FormEditorPage';

// Whole screens with MUI render slowly in jsdom on a busy machine.
const SLOW = 60_000;

const savedForm: Form = {
  id: 7,
  name: 'Vurdering',
  isMainForm: true,
  hasGuidancePdf: false,
  guidancePdfName: null,
  groups: [
    {
      id: 1,
      formId: 7,
      name: 'Kommunikasjon',
      type: GROUP_TYPE_GRADING,
      order: 1,
      options: [],
      questions: [
        { id: 11, formQuestionGroupId: 1, text: 'Lytter', order: 1, helpText: null },
        { id: 12, formQuestionGroupId: 1, text: 'Informerer', order: 2, helpText: 'Se etter forståelse' },
        { id: 13, formQuestionGroupId: 1, text: 'Dokumenterer', order: 3, helpText: null },
      ],
    },
    {
      id: 2,
      formId: 7,
      name: 'Refleksjon',
      type: GROUP_TYPE_TEXT,
      order: 2,
      options: [],
      questions: [{ id: 21, formQuestionGroupId: 2, text: 'Hva lærte du?', order: 1, helpText: null }],
    },
  ],
};

/** The draft as the editor last rendered it. */
const seen: { draft: DraftForm | null } = { draft: null };

function Harness({ initial, onDraft }: { initial: DraftForm; onDraft: (draft: DraftForm) => void }) {
  const [draft, dispatch] = useReducer(draftReducer, initial);
  useEffect(() => {
    onDraft(draft);
  }, [draft, onDraft]);
  return <FormEditor draft={draft} dispatch={dispatch} idPrefix="t" />;
}

function renderEditor(initial: DraftForm = draftFromForm(savedForm)) {
  fakeApi({});
  seen.draft = null;
  return renderWithProviders(<Harness initial={initial} onDraft={(draft) => {
        seen.draft = draft;
      }} />);
}

const groupHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const questionHeadings = (group: HTMLElement) =>
  within(group).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const groupSection = (number: number) => must(screen.getAllByRole('region')[number - 1], `group ${number}`);

describe('form editor', { timeout: SLOW }, () => {
  it('numbers groups and questions from 1 again after moving and deleting', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(groupHeadings()).toEqual(['Gruppe 1: Kommunikasjon', 'Gruppe 2: Refleksjon']);

    await user.click(screen.getByRole('button', { name: 'Flytt gruppe 2 opp' }));
    expect(groupHeadings()).toEqual(['Gruppe 1: Refleksjon', 'Gruppe 2: Kommunikasjon']);

    await user.click(screen.getByRole('button', { name: 'Slett spørsmål 1 i gruppe 2' }));
    expect(questionHeadings(groupSection(2))).toEqual(['Spørsmål 1', 'Spørsmål 2']);

    // The body lists groups and questions in the order shown; the server numbers them from 1.
    const input = draftToInput(seen.draft ?? emptyDraft());
    expect(input.groups.map((g) => g.name)).toEqual(['Refleksjon', 'Kommunikasjon']);
    expect(input.groups[1]?.questions.map((q) => q.id)).toEqual([12, 13]);
  });

  it('adds groups as graded "Ny gruppe" and questions as "Nytt spørsmål"', async () => {
    const user = userEvent.setup();
    renderEditor(emptyDraft());
    await user.click(screen.getByRole('button', { name: 'Legg til gruppe' }));
    expect(screen.getByRole('textbox', { name: 'Navn på gruppen' })).toHaveValue('Ny gruppe');
    expect(screen.getByRole('textbox', { name: 'Navn på gruppen' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Vurdering (uavhengighetsskala)');
    expect(seen.draft?.groups[0]?.type).toBe(GROUP_TYPE_GRADING);

    await user.click(screen.getByRole('button', { name: 'Legg til spørsmål i gruppe 1' }));
    const question = screen.getByRole('textbox', { name: 'Spørsmål 1' });
    expect(question).toHaveValue('Nytt spørsmål');
    expect(question).toHaveFocus();
  });

  it('shows the help text field while its checkbox is ticked and clears the text when unticked', async () => {
    const user = userEvent.setup();
    renderEditor();
    const group = groupSection(1);
    const box = within(group).getByRole('checkbox', { name: 'Hjelpetekst for veileder til spørsmål 1' });
    expect(box).not.toBeChecked();
    expect(within(group).queryByRole('textbox', { name: 'Hjelpetekst til spørsmål 1' })).not.toBeInTheDocument();

    await user.click(box);
    const field = within(group).getByRole('textbox', { name: 'Hjelpetekst til spørsmål 1' });
    expect(field).toHaveFocus();
    await user.paste('Se etter aktiv lytting');
    expect(seen.draft?.groups[0]?.questions[0]?.helpText).toBe('Se etter aktiv lytting');

    await user.click(box);
    expect(within(group).queryByRole('textbox', { name: 'Hjelpetekst til spørsmål 1' })).not.toBeInTheDocument();
    expect(seen.draft?.groups[0]?.questions[0]?.helpText).toBeNull();

    // Ticking again starts empty: the old text is gone.
    await user.click(box);
    expect(within(group).getByRole('textbox', { name: 'Hjelpetekst til spørsmål 1' })).toHaveValue('');

    // A question that had help text shows it ticked, and unticking drops it from the body.
    await user.click(within(group).getByRole('checkbox', { name: 'Hjelpetekst for veileder til spørsmål 2' }));
    expect(draftToInput(seen.draft ?? emptyDraft()).groups[0]?.questions[1]?.helpText).toBeNull();
  });

  it('moves questions with the keyboard and keeps the focus on the moved question', async () => {
    const user = userEvent.setup();
    renderEditor();
    const group = groupSection(1);
    within(group).getByRole('button', { name: 'Flytt spørsmål 1 i gruppe 1 ned' }).focus();

    await user.keyboard('{Enter}');
    expect(within(group).getAllByRole('textbox', { name: /^Spørsmål \d$/ }).map((f) => (f as HTMLTextAreaElement).value)).toEqual([
      'Informerer',
      'Lytter',
      'Dokumenterer',
    ]);
    expect(within(group).getByRole('button', { name: 'Flytt spørsmål 2 i gruppe 1 ned' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Spørsmålet er flyttet til plass 2 av 3.');

    // Space works too; at the bottom the down button is disabled and the focus moves to up.
    await user.keyboard(' ');
    expect(seen.draft?.groups[0]?.questions.map((q) => q.text)).toEqual(['Informerer', 'Dokumenterer', 'Lytter']);
    const down = within(group).getByRole('button', { name: 'Flytt spørsmål 3 i gruppe 1 ned' });
    expect(down).toBeDisabled();
    expect(within(group).getByRole('button', { name: 'Flytt spørsmål 3 i gruppe 1 opp' })).toHaveFocus();

    // Help texts move with their question.
    expect(seen.draft?.groups[0]?.questions[0]?.helpText).toBe('Se etter forståelse');
  });
});

describe('form editor page', { timeout: SLOW }, () => {
  it('creates the form and goes on to its edit page', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'POST /api/forms': { status: 201, body: { ...savedForm, id: 42, name: 'Nytt skjema A', groups: [] } },
      'GET /api/forms/42': { body: { ...savedForm, id: 42, name: 'Nytt skjema A', groups: [] } },
    });
    renderAdmin({ route: '/admin/forms/create' });
    await user.click(await screen.findByRole('button', { name: 'Opprett skjema' }));
    expect(screen.getByRole('textbox', { name: /Navn på skjemaet/ })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.paste('Nytt skjema A');
    await user.click(screen.getByRole('button', { name: 'Legg til gruppe' }));
    await user.click(screen.getByRole('button', { name: 'Opprett skjema' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/forms/edit/42'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Nytt skjema A',
      isMainForm: false,
      groups: [{ name: 'Ny gruppe', type: GROUP_TYPE_GRADING, questions: [] }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nytt skjema A' })).toBeInTheDocument();
  });

  it('shows the form in the preview one group per page with the five levels and not relevant', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/forms/7': { body: savedForm } });
    renderAdmin({ route: '/admin/forms/edit/7' });
    await user.click(await screen.findByRole('tab', { name: 'Forhåndsvis' }));
    expect(screen.getByText('Side 1 av 2')).toBeInTheDocument();
    const first = screen.getByRole('group', { name: '1. Lytter' });
    expect(within(first).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Selvstendig',
      'Delvis selvstendig',
      'Veiledet',
      'Assistert',
      'Uselvstendig',
      'Ikke relevant',
    ]);
    expect(screen.getByText('Se etter forståelse')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Neste' }));
    expect(screen.getByRole('heading', { name: 'Refleksjon' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: '1. Hva lærte du?' })).toBeInTheDocument();
  });

  it("asks before deleting and shows the server's reason when the form is answered", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/forms/7': { body: savedForm },
      'DELETE /api/forms/7': {
        status: 409,
        body: {
          description: 'Skjemaet er besvart i 2 klasse(r) og kan ikke slettes.',
          statusCode: 409,
          errors: [{ reason: 'deleteAnswered', description: 'Skjemaet er besvart i 2 klasse(r) og kan ikke slettes.' }],
        },
      },
    });
    renderAdmin({ route: '/admin/forms/edit/7' });
    await user.click(await screen.findByRole('button', { name: 'Slett skjema' }));
    const dialog = screen.getByRole('dialog', { name: 'Slette skjemaet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Slett' }));
    expect(await within(dialog).findByText('Skjemaet er besvart i 2 klasse(r) og kan ikke slettes.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/forms/edit/7');
  });
});
