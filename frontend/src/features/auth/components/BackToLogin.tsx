import Link from '@mui/material/Link';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '@/i18n/messages';
import { withQuery } from '@/lib/url';
import { pendingSignIn } from '../signInStorage';

/** A link back to the sign-in choices, keeping a pending invitation. */
export function BackToLogin({ to = '/', messageId = 'signIn.backToLogin' }: { to?: string; messageId?: MessageId }) {
  const { verificationGuid, redirectUri } = pendingSignIn();
  return (
    <Link
      component={RouterLink}
      to={withQuery(to, { verificationGuid, redirect_uri: redirectUri })}
      sx={{ display: 'inline-block', py: 1, fontSize: '1rem', fontWeight: 600, alignSelf: 'flex-start' }}
    >
      <FormattedMessage id={messageId} />
    </Link>
  );
}
