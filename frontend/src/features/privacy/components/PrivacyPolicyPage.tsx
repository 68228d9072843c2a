import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSession } from '@/features/auth/SessionProvider';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';

const MarkdownContent = lazy(() =>
  import('@/components/MarkdownContent').then((module) => ({ default: module.MarkdownContent })),
);

/**
 * `/privacy-policy` and `/{role}/privacy-policy`: the school's privacy policy
 * (Markdown, rendered without raw HTML or unsafe links) and when the user
 * accepted it.
 */
export function PrivacyPolicyPage() {
  const intl = useIntl();
  const tenant = useTenant();
  const { user } = useSession();
  const title = intl.formatMessage({ id: 'privacy.page.title' });
  useDocumentTitle(`${title} – ${tenant.appName}`);

  return (
    <Container maxWidth="md" sx={{ px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {user.privacyPolicyAcceptedAt ? (
        <Typography sx={{ mb: 3, color: 'text.secondary' }}>
          <FormattedMessage
            id="privacy.page.acceptedAt"
            values={{
              date: <FormattedDate value={user.privacyPolicyAcceptedAt} dateStyle="long" timeStyle="short" />,
            }}
          />
        </Typography>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {tenant.privacyPolicy.trim() ? (
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label={intl.formatMessage({ id: 'app.loading' })} />
              </Box>
            }
          >
            {/* The page heading is the h1; the text's own headings start at h2 here. */}
            <MarkdownContent markdown={tenant.privacyPolicy} topHeading="h2" />
          </Suspense>
        ) : (
          <Typography>
            <FormattedMessage id="privacy.empty" />
          </Typography>
        )}
      </Paper>
    </Container>
  );
}
