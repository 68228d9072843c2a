import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { loginTargets } from '../loginTargets';
import { newVippsState, rememberSignIn, rememberVippsState, signInParams } from '../signInStorage';

// Vipps' brand orange (#FF5B24) carries white text at only 3.1:1; this deeper
// shade keeps the brand feel and reaches 5.2:1 (WCAG AA).
const VIPPS_ORANGE = '#C63B0E';
const VIPPS_ORANGE_HOVER = '#A3300B';

interface LoginPageProps {
  /** The address's query, e.g. `?verificationGuid=…`. */
  search: string;
  /** Opens another page of the app without loading the page again. */
  navigate: (to: string) => void;
}

/**
 * The school's sign-in page, shown for every path while nobody is signed in:
 * Feide for students and teachers, Vipps for practice supervisors, and a link
 * to sign-in with a one-time code by e-mail. A `verificationGuid` in the query
 * (a supervisor invitation) and a local `redirect_uri` are passed on to every
 * sign-in, and kept in session storage for the way back.
 *
 * It needs no router: it is the first page a phone downloads, and the router
 * comes only with the pages a sign-in goes on to. The caller gives the query
 * and the way to open another page of the app.
 */
export function LoginPage({ search, navigate }: LoginPageProps) {
  const tenant = useTenant();
  const params = signInParams(new URLSearchParams(search));
  const { verificationGuid, redirectUri } = params;
  // One state per visit of the page; kept when the Vipps button is used.
  const [vippsState] = useState(newVippsState);
  const targets = loginTargets(params, vippsState);

  useEffect(() => rememberSignIn({ verificationGuid, redirectUri }), [verificationGuid, redirectUri]);
  const feideHeadingId = useId();
  const vippsHeadingId = useId();

  useDocumentTitle(tenant.appName);

  return (
    <Container maxWidth="sm" disableGutters>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, sm: 5 },
          borderRadius: { xs: 0, sm: 2 },
          // Edge to edge on phones: every pixel of width goes to the buttons.
          borderInline: { xs: 0, sm: 1 },
          borderColor: 'divider',
        }}
      >
        <Stack spacing={3}>
          {verificationGuid ? (
            <Alert severity="info">
              <FormattedMessage id="login.invitation" />
            </Alert>
          ) : null}

          <div>
            <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
              {tenant.appName}
            </Typography>
            {tenant.orgNumber ? (
              <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>
                <FormattedMessage id="login.orgNumber" values={{ orgNumber: tenant.orgNumber }} />
              </Typography>
            ) : null}
            <Typography sx={{ mt: 2 }}>
              <FormattedMessage id="login.intro" />
            </Typography>
          </div>

          <Divider />

          <Stack component="section" aria-labelledby={feideHeadingId} spacing={1.5}>
            <Typography variant="h2" id={feideHeadingId}>
              <FormattedMessage id="login.feide.heading" />
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="login.feide.description" />
            </Typography>
            {/* A full page load: the server redirects on to Feide. */}
            <Button variant="contained" color="primary" size="large" fullWidth href={targets.feide}>
              <FormattedMessage id="login.feide.button" />
            </Button>
          </Stack>

          <Stack component="section" aria-labelledby={vippsHeadingId} spacing={1.5}>
            <Typography variant="h2" id={vippsHeadingId}>
              <FormattedMessage id="login.vipps.heading" />
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              <FormattedMessage id="login.vipps.description" />
            </Typography>
            <Button
              variant="contained"
              size="large"
              fullWidth
              href={targets.vipps}
              onClick={() => rememberVippsState(vippsState)}
              sx={{
                bgcolor: VIPPS_ORANGE,
                color: '#ffffff',
                '&:hover': { bgcolor: VIPPS_ORANGE_HOVER },
              }}
            >
              <FormattedMessage id="login.vipps.button" />
            </Button>
          </Stack>

          <Divider />

          <div>
            <Typography>
              <FormattedMessage id="login.otp.lead" />
            </Typography>
            <Link
              href={targets.oneTimeCode}
              onClick={(event: MouseEvent) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                navigate(targets.oneTimeCode);
              }}
              sx={{ display: 'inline-block', py: 1, fontSize: '1rem', fontWeight: 600 }}
            >
              <FormattedMessage id="login.otp.link" />
            </Link>
          </div>
        </Stack>
      </Paper>
    </Container>
  );
}
