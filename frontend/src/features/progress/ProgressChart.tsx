import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { useIntl } from 'react-intl';
import type { ProgressArea } from '@/api/types';
import { PARTIES, PARTY_TAG } from '@/features/placement/roles';

/** The highest level index of the independence scale (Uselvstendig). */
const LAST_LEVEL = 4;

/**
 * A competence area's mean end level per role across the placements, as
 * lines (higher is more independent). The table beside it gives the same
 * levels to screen readers, so the drawing itself is hidden from them.
 */
export function ProgressChart({ area, placements }: { area: ProgressArea; placements: { classId: number; label: string }[] }) {
  const intl = useIntl();
  const theme = useTheme();
  const ends = placements.map((p) => area.means.find((m) => m.classId === p.classId && !m.isMidSemester));
  const independence = (v: number | null | undefined) => (v === null || v === undefined ? null : LAST_LEVEL - v);
  const colors = { student: theme.palette.primary.main, advisor: theme.palette.secondary.main, teacher: theme.palette.grey[700] };
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <LineChart
        height={220}
        skipAnimation
        disableKeyboardNavigation
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[{ scaleType: 'point', data: placements.map((p) => p.label) }]}
        yAxis={[{ min: 0, max: LAST_LEVEL, tickNumber: LAST_LEVEL + 1, width: 28 }]}
        series={PARTIES.map((party) => ({
          id: party,
          label: intl.formatMessage({ id: PARTY_TAG[party] }),
          data: ends.map((m) => independence(m?.[party])),
          color: colors[party],
          connectNulls: true,
        }))}
        slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
      />
    </Box>
  );
}
