import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedList, FormattedMessage, useIntl } from 'react-intl';
import { roleMessages, type RoleName } from '@/features/auth/roles';
import { useSession } from '@/features/auth/SessionProvider';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import type { MessageId } from '@/i18n/messages';

/** What each role does in the service, as the home page tells it. */
const TASKS: Record<RoleName, MessageId[]> = {
  Student: ['home.Student.task1', 'home.Student.task2', 'home.Student.task3'],
  Teacher: ['home.Teacher.task1', 'home.Teacher.task2', 'home.Teacher.task3'],
  Advisor: ['home.Advisor.task1', 'home.Advisor.task2', 'home.Advisor.task3'],
  Admin: ['home.Admin.task1', 'home.Admin.task2', 'home.Admin.task3'],
};

/**
 * The home of a role (`/student`, `/teacher`, `/advisor`, `/admin`): greets
 * the user by name and says what they do here in this role.
 */
export function RoleHomePage({ role }: { role: RoleName }) {
  const intl = useIntl();
  const tenant = useTenant();
  const { user, roles } = useSession();
  const tasksHeadingId = useId();
  const roleTitle = intl.formatMessage({ id: roleMessages(role).title });
  useDocumentTitle(`${roleTitle} – ${tenant.appName}`);
  const otherRoles = roles.filter((other) => other !== role);

  return (
    <Container maxWidth="md" sx={{ px: { xs: 2, sm: 3 } }}>
      <Typography sx={{ color: 'text.secondary', fontWeight: 600 }}>{roleTitle}</Typography>
      <Typography variant="h1" sx={{ mt: 0.5, mb: 2, overflowWrap: 'anywhere' }}>
        <FormattedMessage id="home.greeting" values={{ name: user.displayName }} />
      </Typography>
      <Typography sx={{ fontSize: '1.0625rem', maxWidth: '60ch' }}>
        <FormattedMessage id={`home.${role}.intro`} />
      </Typography>
      <Paper component="section" aria-labelledby={tasksHeadingId} variant="outlined" sx={{ mt: 3, p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id={tasksHeadingId}>
          <FormattedMessage id="home.tasksHeading" />
        </Typography>
        <Box
          component="ul"
          sx={{
            mt: 1.5,
            mb: 0,
            pl: 3,
            '& li': { py: 0.5, lineHeight: 1.5 },
            '& li::marker': { color: (theme) => theme.palette.primaryText },
          }}
        >
          {TASKS[role].map((task) => (
            <li key={task}>
              <FormattedMessage id={task} />
            </li>
          ))}
        </Box>
      </Paper>
      {otherRoles.length > 0 ? (
        <Typography sx={{ mt: 3, color: 'text.secondary' }}>
          <FormattedMessage
            id="home.otherRoles"
            values={{
              roles: (
                <FormattedList
                  type="conjunction"
                  value={otherRoles.map((other) => intl.formatMessage({ id: roleMessages(other).title }).toLowerCase())}
                />
              ),
            }}
          />
        </Typography>
      ) : null}
    </Container>
  );
}
