import { useIntl } from 'react-intl';
import type { PlacementClass } from '../types';

/** "SYKP2100 · Høst 2026": which class a page is about. */
export function ClassLine({ cls }: { cls: Pick<PlacementClass, 'subject' | 'period'> }) {
  const intl = useIntl();
  return <>{intl.formatMessage({ id: 'placement.classLine' }, { code: cls.subject.subjectCode, period: cls.period.name })}</>;
}
