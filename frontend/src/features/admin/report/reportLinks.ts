import type { ReportMetric } from '@/api/types';
import type { MessageId } from '@/i18n/messages';

/** What a number of the live report needs besides its metric, as the drill-down takes it. */
export type DrillExtra = Partial<Record<'formId' | 'half' | 'role' | 'state' | 'groupId' | 'level', string | number>>;

/** The drill-down's query of one number of a class: its class, metric and what the metric needs. */
export function drillQuery(classId: number, metric: ReportMetric, extra: DrillExtra = {}): string {
  const q = new URLSearchParams({ classId: String(classId), metric });
  for (const [key, value] of Object.entries(extra)) q.set(key, String(value));
  return q.toString();
}

/** The metrics of the drill-down's query string, in the order the API names them. */
export const METRICS: readonly ReportMetric[] = [
  'students',
  'delivered',
  'missing',
  'late',
  'warningGiven',
  'warningConfirmed',
  'signing',
  'passed',
  'failed',
  'pending',
  'level',
  'notRelevant',
  'belowExpected',
  'meetsExpected',
  'noExpectation',
];

/** A metric's name, as the report's columns show it. */
export const METRIC_NAME: Record<ReportMetric, MessageId> = {
  students: 'admin.report.studentsHeading',
  delivered: 'admin.report.delivered',
  missing: 'admin.report.missing',
  late: 'admin.report.late',
  warningGiven: 'admin.report.warningGiven',
  warningConfirmed: 'admin.report.warningConfirmed',
  signing: 'admin.report.signing',
  passed: 'admin.report.passed',
  failed: 'admin.report.failed',
  pending: 'admin.report.pending',
  level: 'admin.report.level',
  notRelevant: 'placement.level.notRelevant',
  belowExpected: 'admin.report.below',
  meetsExpected: 'admin.report.meets',
  noExpectation: 'admin.report.noExpectation',
};

/** The signing form's states, in the order the report shows them, with their names. */
export const SIGNING_STATES = [
  ['none', 'admin.report.signing.none'],
  ['saved', 'admin.report.signing.saved'],
  ['midConfirmed', 'admin.report.signing.midConfirmed'],
  ['endCompleted', 'admin.report.signing.endCompleted'],
  ['signing', 'admin.report.signing.signing'],
  ['locked', 'admin.report.signing.locked'],
] as const satisfies readonly (readonly [string, MessageId])[];
