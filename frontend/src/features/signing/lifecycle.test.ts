import { describe, expect, it } from 'vitest';
import { canSign, osloToday, partiesToSign, signingState, toInput, valuesOf } from './lifecycle';
import { summarize } from './status';
import { formIn } from './testFixtures';

const TODAY = '2026-11-21';

describe('the signing form lifecycle', () => {
  it.each([
    // state, mid editable, end open, end editable, who may sign
    ['blank', true, false, false, []],
    ['midSaved', true, false, false, []],
    ['midConfirmedBeforeDate', false, false, false, []],
    ['midConfirmedAfterDate', false, true, true, []],
    ['endCompleted', false, true, true, ['teacher', 'advisor', 'student']],
    ['advisorSigned', false, true, false, ['teacher', 'student']],
    ['teacherSigned', false, true, false, ['advisor', 'student']],
    ['locked', false, true, false, []],
  ] as const)('%s: mid editable %s, end open %s, end editable %s, may sign %j', (state, midEditable, endOpen, endEditable, signers) => {
    const form = formIn(state);
    const s = signingState(form, TODAY);
    expect(s.midEditable).toBe(midEditable);
    expect(s.endOpen).toBe(endOpen);
    expect(s.endEditable).toBe(endEditable);
    expect(partiesToSign(form, TODAY)).toEqual(signers);
  });

  it('opens the end section on the mid date itself', () => {
    const form = { ...formIn('midSaved'), midSemesterCompletedDate: TODAY };
    expect(signingState(form, TODAY).endOpen).toBe(true);
    expect(signingState(form, '2026-11-20').waitingForMidDate).toBe(true);
  });

  it('lets the teacher sign once both competence results are in, before the end date is stamped', () => {
    const form = {
      ...formIn('midConfirmedAfterDate'),
      generalCompetenceAreasPassed: 'yes' as const,
      specificCompetenceAreasPassed: 'no' as const,
    };
    expect(canSign(form, 'teacher', TODAY)).toBe(true);
    expect(canSign(form, 'student', TODAY)).toBe(false);
    expect(canSign(form, 'advisor', TODAY)).toBe(false);
  });

  it('never lets a blank form be signed', () => {
    expect(canSign({ ...formIn('endCompleted'), id: -1 }, 'teacher', TODAY)).toBe(false);
  });

  it('sends a blank comment as none, with the id and version last seen', () => {
    const form = formIn('endCompleted');
    const input = toInput(form, { ...valuesOf(form), teacherComment: '   ' });
    expect(input).toMatchObject({ id: 11, version: 1, teacherComment: null, overallPassed: 'passed' });
  });

  it('sums up a form for the card: status, who signed, whose turn', () => {
    expect(summarize(null, TODAY)).toEqual({ status: 'none', signed: [], waitingFor: ['teacher'] });
    expect(summarize(formIn('midSaved'), TODAY).status).toBe('saved');
    expect(summarize(formIn('midConfirmedAfterDate'), TODAY)).toMatchObject({ status: 'midConfirmed', waitingFor: ['teacher'] });
    expect(summarize(formIn('advisorSigned'), TODAY)).toEqual({
      status: 'endCompleted',
      signed: ['advisor'],
      waitingFor: ['teacher', 'student'],
    });
    expect(summarize(formIn('locked'), TODAY)).toEqual({
      status: 'locked',
      signed: ['teacher', 'advisor', 'student'],
      waitingFor: [],
    });
  });

  it('takes the date in Norway', () => {
    // 23:30 UTC on 31 December is already 1 January in Oslo.
    expect(osloToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(osloToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
