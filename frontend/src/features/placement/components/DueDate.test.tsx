import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import nb from '@/i18n/nb.json';
import nn from '@/i18n/nn.json';
import type { DeadlineStatus } from '../types';
import { DueDate } from './DueDate';

const catalogues = { nb, nn, en };

function renderIn(locale: keyof typeof catalogues, deadline: DeadlineStatus, today: string) {
  return render(
    <IntlProvider locale={locale} messages={catalogues[locale]}>
      <DueDate deadline={deadline} today={today} />
    </IntlProvider>,
  );
}

describe('a due date', () => {
  it('reads as the person’s language writes dates, with the days left in dagar in Nynorsk (not the locale data’s døgn)', () => {
    const { unmount } = renderIn('nn', { dueDate: '2026-10-07', state: 'open' }, '2026-10-04');
    expect(screen.getByText('Frist 7. okt. (om 3 dagar)')).toBeInTheDocument();
    unmount();
    const { unmount: nb } = renderIn('nb', { dueDate: '2026-10-07', state: 'open' }, '2026-10-04');
    expect(screen.getByText('Frist 7. okt. (om 3 dager)')).toBeInTheDocument();
    nb();
    renderIn('en', { dueDate: '2026-10-07', state: 'open' }, '2026-10-04');
    expect(screen.getByText('Due Oct 7 (in 3 days)')).toBeInTheDocument();
  });

  it('counts the days since an overdue one passed', () => {
    renderIn('nn', { dueDate: '2026-10-07', state: 'overdue' }, '2026-10-12');
    expect(screen.getByText('Fristen gjekk ut 7. okt. (for 5 dagar sidan)')).toBeInTheDocument();
  });

  it('says tomorrow and today in words', () => {
    const { unmount } = renderIn('nb', { dueDate: '2026-10-07', state: 'open' }, '2026-10-06');
    expect(screen.getByText('Frist 7. okt. (i morgen)')).toBeInTheDocument();
    unmount();
    renderIn('en', { dueDate: '2026-10-07', state: 'open' }, '2026-10-07');
    expect(screen.getByText('Due Oct 7 (today)')).toBeInTheDocument();
  });

  it('marks an overdue one and tells on time from late after delivery', () => {
    const { unmount } = renderIn('nn', { dueDate: '2026-10-07', state: 'overdue' }, '2026-10-09');
    const overdue = screen.getByText('Fristen gjekk ut 7. okt. (i førgår)');
    expect(overdue).toHaveAttribute('data-deadline', 'overdue');
    unmount();
    const { unmount: again } = renderIn('nb', { dueDate: '2026-10-07', state: 'onTime' }, '2026-10-09');
    expect(screen.getByText('Levert innen fristen 7. okt.')).toHaveAttribute('data-deadline', 'onTime');
    again();
    renderIn('nb', { dueDate: '2026-10-07', state: 'late' }, '2026-10-09');
    expect(screen.getByText('Levert etter fristen 7. okt.')).toHaveAttribute('data-deadline', 'late');
  });
});
