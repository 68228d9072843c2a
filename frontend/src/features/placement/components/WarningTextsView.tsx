import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/i18n/messages';
import type { WarningTexts } from '../types';
import { WARNING_FIELDS, type WarningField } from '../warningRules';

const HEADING: Record<WarningField, MessageId> = {
  comment: 'placement.warning.view.comment',
  passRequirement: 'placement.warning.view.passRequirement',
  passRequirementSummary: 'placement.warning.view.passRequirementSummary',
};

/** The three texts of a warning, each under its heading. */
export function WarningTextsView({ texts, headingLevel = 3 }: { texts: WarningTexts; headingLevel?: 3 | 4 }) {
  const intl = useIntl();
  return (
    <Box>
      {WARNING_FIELDS.map((field) => (
        <Box key={field} sx={{ '& + &': { mt: 2 } }}>
          <Typography component={headingLevel === 3 ? 'h3' : 'h4'} sx={{ fontWeight: 700, fontSize: '1rem' }}>
            {intl.formatMessage({ id: HEADING[field] })}
          </Typography>
          <Typography sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {texts[field]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
