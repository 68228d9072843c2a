import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { visuallyHidden } from '@/components/visuallyHidden';
import { mailtoHref, safeExternalUrl } from '@/lib/url';
import type { Tenant } from '../types';

// The dialogs are fetched on first use: the login page does not carry them.
const MarkdownDialog = lazy(() => import('@/components/MarkdownDialog').then((m) => ({ default: m.MarkdownDialog })));

type OpenDialog = 'privacy' | 'accessibility' | null;

const linkSx = { py: 1, display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: '1rem' } as const;

/**
 * The page footer: the school's privacy policy (in a dialog), its about page
 * and accessibility statement, and its contact address. Missing or unsafe
 * values are left out rather than shown broken.
 */
export function TenantFooter({ tenant }: { tenant: Tenant }) {
  const intl = useIntl();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Once opened, a dialog stays mounted so that closing it animates.
  const [used, setUsed] = useState(false);
  const open = (which: OpenDialog) => {
    setUsed(true);
    setDialog(which);
  };
  const aboutUrl = safeExternalUrl(tenant.aboutUrl);
  const mailto = mailtoHref(tenant.contactEmail);
  const statement = tenant.accessibilityStatement.trim();
  // The statement is either a link to the published statement or Markdown.
  const statementUrl = safeExternalUrl(statement);

  const newTab = (
    <>
      <OpenInNewIcon aria-hidden fontSize="inherit" />
      <Box component="span" sx={visuallyHidden}>
        {` ${intl.formatMessage({ id: 'common.opensInNewWindow' })}`}
      </Box>
    </>
  );

  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 4 }}>
      <Stack
        component="ul"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0, sm: 3 }}
        useFlexGap
        sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, px: { xs: 2, sm: 3 }, py: 2, maxWidth: 'lg', mx: 'auto' }}
      >
        <li>
          <Link component="button" type="button" sx={linkSx} onClick={() => open('privacy')}>
            <FormattedMessage id="footer.privacy" />
          </Link>
        </li>
        {statementUrl ? (
          <li>
            <Link href={statementUrl} target="_blank" rel="noopener noreferrer" sx={linkSx}>
              <FormattedMessage id="footer.accessibility" />
              {newTab}
            </Link>
          </li>
        ) : (
          <li>
            <Link component="button" type="button" sx={linkSx} onClick={() => open('accessibility')}>
              <FormattedMessage id="footer.accessibility" />
            </Link>
          </li>
        )}
        {aboutUrl ? (
          <li>
            <Link href={aboutUrl} target="_blank" rel="noopener noreferrer" sx={linkSx}>
              <FormattedMessage id="footer.about" />
              {newTab}
            </Link>
          </li>
        ) : null}
        {mailto ? (
          <li>
            <Link href={mailto} sx={{ ...linkSx, overflowWrap: 'anywhere' }}>
              <FormattedMessage id="footer.contact" values={{ email: tenant.contactEmail.trim() }} />
            </Link>
          </li>
        ) : null}
      </Stack>
      {used ? (
        <Suspense fallback={null}>
          <MarkdownDialog
            open={dialog === 'privacy'}
            onClose={() => setDialog(null)}
            title={intl.formatMessage({ id: 'footer.privacy' })}
            markdown={tenant.privacyPolicy}
            emptyText={intl.formatMessage({ id: 'privacy.empty' })}
          />
          <MarkdownDialog
            open={dialog === 'accessibility'}
            onClose={() => setDialog(null)}
            title={intl.formatMessage({ id: 'footer.accessibility' })}
            markdown={statementUrl ? '' : statement}
            emptyText={intl.formatMessage({ id: 'accessibility.empty' })}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
