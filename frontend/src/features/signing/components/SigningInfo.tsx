import Box from '@mui/material/Box';
import { useIntl } from 'react-intl';
import type { SigningClass, SigningPeople } from '../types';

/**
 * The placement the form is about (spec §2): semester, class (subject),
 * student, supervisor and teacher, as a description list.
 */
export function SigningInfo({ signingClass, people }: { signingClass: SigningClass; people: SigningPeople }) {
  const intl = useIntl();
  const none = intl.formatMessage({ id: 'signing.info.none' });
  const subject = `${signingClass.subject.subjectCode} ${signingClass.subject.name}`;
  const supervisors = people.supervisors.map((s) => s.displayName);
  const rows: { label: string; value: string }[] = [
    { label: intl.formatMessage({ id: 'signing.info.semester' }), value: signingClass.period.name },
    { label: intl.formatMessage({ id: 'signing.info.class' }), value: subject },
    { label: intl.formatMessage({ id: 'signing.info.student' }), value: people.student?.displayName ?? none },
    {
      label: intl.formatMessage({ id: 'signing.info.advisor' }),
      value: supervisors.length > 0 ? intl.formatList(supervisors, { type: 'unit' }) : none,
    },
    { label: intl.formatMessage({ id: 'signing.info.teacher' }), value: people.teacher?.displayName ?? none },
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 2fr) minmax(0, 3fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.75,
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
