import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useIntl } from 'react-intl';
import { COLUMNS, type GroupDevelopment } from '../comparison';
import { PARTY_TAG } from '../roles';

/**
 * A question group's mean independence per role at mid and at end, as bars
 * (taller is more independent). The figure's table gives the same numbers
 * to screen readers, so the drawing itself is hidden from them.
 */
export function GroupChart({ group }: { group: GroupDevelopment }) {
  const intl = useIntl();
  const theme = useTheme();
  const labels = COLUMNS.map((column) =>
    intl.formatMessage({ id: column === 'expected' ? 'placement.compare.expectedShort' : PARTY_TAG[column] }),
  );
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        height={220}
        skipAnimation
        disableKeyboardNavigation
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ min: 0, max: group.levels - 1, tickNumber: group.levels, width: 28 }]}
        series={[
          {
            id: 'mid',
            label: intl.formatMessage({ id: 'placement.half.mid' }),
            data: COLUMNS.map((column) => group.mid[column]),
            color: theme.palette.grey[600],
          },
          {
            id: 'end',
            label: intl.formatMessage({ id: 'placement.half.end' }),
            data: COLUMNS.map((column) => group.end[column]),
            color: theme.palette.primaryText,
          },
        ]}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </Box>
  );
}
