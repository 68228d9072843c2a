import type { MessageId } from '@/i18n/messages';

/** The local-storage key of a dismissed checklist, per semester and class (spec §3). */
export const checklistKey = (periodId: number, classId: number) => `checklistDismissed.${periodId}.${classId}`;

/** Reports whether the teacher has dismissed the checklist of the class in the semester. */
export function isChecklistDismissed(periodId: number, classId: number): boolean {
  try {
    return window.localStorage.getItem(checklistKey(periodId, classId)) !== null;
  } catch {
    return false;
  }
}

/** Keeps the checklist of the class in the semester from showing by itself again. */
export function dismissChecklist(periodId: number, classId: number): void {
  try {
    window.localStorage.setItem(checklistKey(periodId, classId), new Date().toISOString());
  } catch {
    // Without storage the checklist shows again next time.
  }
}

/** The checklist's sections: at the start, at mid-placement, at the end. */
export const CHECKLIST: { title: MessageId; items: MessageId[] }[] = [
  {
    title: 'teacher.checklist.start',
    items: [
      'teacher.checklist.start1',
      'teacher.checklist.start2',
      'teacher.checklist.start3',
      'teacher.checklist.start4',
      'teacher.checklist.start5',
    ],
  },
  {
    title: 'teacher.checklist.mid',
    items: [
      'teacher.checklist.mid1',
      'teacher.checklist.mid2',
      'teacher.checklist.mid3',
      'teacher.checklist.mid4',
      'teacher.checklist.mid5',
    ],
  },
  {
    title: 'teacher.checklist.end',
    items: [
      'teacher.checklist.end1',
      'teacher.checklist.end2',
      'teacher.checklist.end3',
      'teacher.checklist.end4',
      'teacher.checklist.end5',
    ],
  },
];
