import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { TERM_COLUMNS } from '@/theme/layout';
import { useFormatters } from '../format';
import type { PlacementClass } from '../types';

/** A class's semester and placement dates, as a short list of facts. */
export function ClassFacts({ cls }: { cls: PlacementClass }) {
  const intl = useIntl();
  const format = useFormatters();
  const facts: [string, string][] = [
    [intl.formatMessage({ id: 'placement.class.semester' }), cls.period.name],
    [
      intl.formatMessage({ id: 'placement.class.midDate' }),
      cls.midSemesterDate ? format.day(cls.midSemesterDate) : intl.formatMessage({ id: 'placement.class.noDate' }),
    ],
    [
      intl.formatMessage({ id: 'placement.class.endDate' }),
      cls.endSemesterDate ? format.day(cls.endSemesterDate) : intl.formatMessage({ id: 'placement.class.noDate' }),
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: TERM_COLUMNS, columnGap: 2, rowGap: 0.5 }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
