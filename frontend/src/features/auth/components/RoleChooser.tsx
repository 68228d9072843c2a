import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { mailtoHref } from '@/lib/url';
import { roleMessages } from '../roles';
import { useSession } from '../SessionProvider';

/**
 * The role chooser (spec §2): shown on every path while no role is active.
 * Lists the user's roles, each with a title and a short description;
 * choosing one makes it active and goes to its home.
 */
export function RoleChooser() {
  const intl = useIntl();
  const tenant = useTenant();
  const { user, roles, chooseRole, signOut, signingOut } = useSession();
  const title = intl.formatMessage({ id: 'roleChooser.title' });
  useDocumentTitle(`${title} – ${tenant.appName}`);
  const contact = mailtoHref(tenant.contactEmail);
  const idPrefix = useId();

  return (
    <Container maxWidth="sm" sx={{ px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {roles.length === 0 ? (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Alert severity="info">
            <FormattedMessage id="roleChooser.none" values={{ name: user.displayName }} />
          </Alert>
          {contact ? (
            <Typography>
              <FormattedMessage
                id="roleChooser.noneContact"
                values={{ email: <Link href={contact}>{tenant.contactEmail.trim()}</Link> }}
              />
            </Typography>
          ) : null}
          <Button variant="outlined" size="large" onClick={() => void signOut()} loading={signingOut}>
            <FormattedMessage id="menu.signOut" />
          </Button>
        </Stack>
      ) : (
        <>
          <Typography sx={{ mb: 3, color: 'text.secondary' }}>
            <FormattedMessage id="roleChooser.lead" values={{ name: user.displayName }} />
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {roles.map((role) => {
              const { title: roleTitle, description } = roleMessages(role);
              return (
                <li key={role}>
                  <ButtonBase
                    onClick={() => chooseRole(role)}
                    // The title names the button; the description is read after it.
                    aria-labelledby={`${idPrefix}-${role}-title`}
                    aria-describedby={`${idPrefix}-${role}-description`}
                    sx={{
                      width: '100%',
                      minHeight: 72,
                      justifyContent: 'space-between',
                      textAlign: 'left',
                      gap: 2,
                      px: 2.5,
                      py: 2,
                      bgcolor: 'background.paper',
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 2,
                      '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
                      '&.Mui-focusVisible': {
                        outline: '3px solid',
                        outlineColor: (theme) => theme.palette.primaryText,
                        outlineOffset: 2,
                      },
                    }}
                  >
                    <span>
                      <Typography
                        id={`${idPrefix}-${role}-title`}
                        component="span"
                        sx={{ display: 'block', fontWeight: 600, fontSize: '1.125rem' }}
                      >
                        <FormattedMessage id={roleTitle} />
                      </Typography>
                      <Typography
                        id={`${idPrefix}-${role}-description`}
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}
                      >
                        <FormattedMessage id={description} />
                      </Typography>
                    </span>
                    <ChevronRightIcon aria-hidden sx={{ color: (theme) => theme.palette.primaryText, flexShrink: 0 }} />
                  </ButtonBase>
                </li>
              );
            })}
          </Stack>
        </>
      )}
    </Container>
  );
}
