import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { mailtoHref } from '@/lib/url';
import type { Supervisor } from '../types';

interface SupervisorBadgesProps {
  supervisors: Supervisor[];
  /** Shows how to reach each supervisor (e-mail, phone). */
  withContact?: boolean;
  /** Offers "Gjør til hovedveileder" on the others (the student's own page). */
  onMakePrimary?: (supervisor: Supervisor) => void;
  /** Said when there is no supervisor. */
  emptyText?: string;
}

/** Sorts the primary supervisor first, the rest by name (spec §9). */
export function primaryFirst(supervisors: readonly Supervisor[]): Supervisor[] {
  return [...supervisors].sort(
    (a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.displayName.localeCompare(b.displayName, 'nb'),
  );
}

/** The student's supervisors as badges, the primary one first and marked. */
export function SupervisorBadges({ supervisors, withContact = false, onMakePrimary, emptyText }: SupervisorBadgesProps) {
  const intl = useIntl();
  if (supervisors.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        {emptyText ?? intl.formatMessage({ id: 'placement.supervisors.none' })}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {primaryFirst(supervisors).map((supervisor) => {
        const mail = withContact ? mailtoHref(supervisor.email) : null;
        return (
          <Box component="li" key={supervisor.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Chip
                icon={supervisor.isPrimary ? <StarIcon aria-hidden /> : <PersonOutlineIcon aria-hidden />}
                label={
                  supervisor.isPrimary
                    ? intl.formatMessage({ id: 'placement.supervisors.primaryBadge' }, { name: supervisor.displayName })
                    : supervisor.displayName
                }
                color={supervisor.isPrimary ? 'primary' : 'default'}
                variant={supervisor.isPrimary ? 'filled' : 'outlined'}
                sx={{ maxWidth: '100%', fontWeight: 600, '& .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
              />
              {onMakePrimary && !supervisor.isPrimary ? (
                <Button size="small" onClick={() => onMakePrimary(supervisor)} sx={{ minHeight: 40 }}>
                  <FormattedMessage id="placement.supervisors.makePrimary" values={{ name: supervisor.displayName }} />
                </Button>
              ) : null}
            </Stack>
            {withContact ? (
              <Typography variant="body2" sx={{ mt: 0.5, ml: 1, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {mail ? <Link href={mail}>{supervisor.email}</Link> : supervisor.email}
                {supervisor.phoneNumber ? (
                  <>
                    {' · '}
                    <Link href={`tel:${supervisor.phoneNumber.replace(/\s/g, '')}`}>{supervisor.phoneNumber}</Link>
                  </>
                ) : null}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
