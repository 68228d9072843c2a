import { act, fireEvent, screen, within } from '@testing-library/react';
import { memo, type ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADVISOR_FORM_PATH, demoForm, demoFull, renderPage } from '../testing';
import { AnswerFormPage } from './AnswerFormPage';
import type * as FormPagerModule from './FormPager';
import type * as FormToolsModule from './FormTools';
import type * as QuestionBlockModule from './QuestionBlock';
import type * as SaveStatusModule from './SaveStatus';

/** How often each part of the page was drawn since the last reset, and a part that counts its draws. */
const { drawn, counting } = vi.hoisted(() => {
  const drawn = { tools: 0, pager: 0, status: 0, questions: [] as number[] };
  function counting<P>(part: 'tools' | 'pager' | 'status', draw: (props: P) => unknown) {
    return (props: P) => {
      drawn[part] += 1;
      return draw(props);
    };
  }
  return { drawn, counting };
});

vi.mock('./FormTools', async (importOriginal) => {
  const original = await importOriginal<typeof FormToolsModule>();
  return { ...original, FormTools: counting('tools', original.FormTools) };
});

vi.mock('./FormPager', async (importOriginal) => {
  const original = await importOriginal<typeof FormPagerModule>();
  return { ...original, FormPager: counting('pager', original.FormPager) };
});

vi.mock('./SaveStatus', async (importOriginal) => {
  const original = await importOriginal<typeof SaveStatusModule>();
  return { ...original, SaveStatus: counting('status', original.SaveStatus) };
});

vi.mock('./QuestionBlock', async (importOriginal) => {
  const original = await importOriginal<typeof QuestionBlockModule>();
  // Memoised as the real one is, so only a draw that reaches it counts.
  const Counted = memo(function Counted(props: ComponentProps<typeof original.QuestionBlock>) {
    drawn.questions.push(props.question.id);
    return <original.QuestionBlock {...props} />;
  });
  return { ...original, QuestionBlock: Counted };
});

const routes = [{ path: '/advisor/class/:classId/student/:studentUserId/form/:formId/assignment/:assignmentId', element: <AnswerFormPage /> }];

function reset() {
  drawn.tools = 0;
  drawn.pager = 0;
  drawn.status = 0;
  drawn.questions = [];
}

/** The page with the first question's comment open and written to once (the save status has turned to unsaved). */
async function openForm() {
  renderPage({
    path: ADVISOR_FORM_PATH,
    routes,
    handlers: {
      'GET /api/forms/1': () => ({ status: 200, body: demoForm() }),
      'GET /api/classes/2/students/5/forms/1/full': () => ({ status: 200, body: demoFull() }),
    },
  });
  const first = await screen.findByRole('radiogroup', { name: /Kartlegger pasientens behov/ });
  const section = first.closest('section');
  if (!section) throw new Error('no section');
  fireEvent.click(within(section).getByRole('button', { name: 'Skriv kommentar' }));
  const comment = within(section).getByRole('textbox', { name: 'Din kommentar' });
  fireEvent.change(comment, { target: { value: 'M' } });
  // The device confirms the first change's write; later ones change nothing it shows.
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return { comment };
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('the form page while answering', () => {
  it('draws only the comment field being typed in, not the header, pager, status or other questions', async () => {
    const { comment } = await openForm();
    reset();
    for (const value of ['Må', 'Mål', 'Måle']) fireEvent.change(comment, { target: { value } });
    expect(comment).toHaveValue('Måle');
    expect(drawn).toEqual({ tools: 0, pager: 0, status: 0, questions: [23, 23, 23] });
  });

  it('draws only the question whose level is chosen, and the answered count', async () => {
    await openForm();
    expect(screen.getByText('Du har svart på 0 av 3 spørsmål.')).toBeVisible();
    reset();
    const second = screen.getByRole('radiogroup', { name: /Planlegger og evaluerer/ });
    fireEvent.click(within(second).getByRole('radio', { name: 'Assistert' }));
    expect(within(second).getByRole('radio', { name: 'Assistert' })).toBeChecked();
    expect(screen.getByText('Du har svart på 1 av 3 spørsmål.')).toBeVisible();
    expect(drawn).toEqual({ tools: 0, pager: 0, status: 0, questions: [24] });
  });
});
