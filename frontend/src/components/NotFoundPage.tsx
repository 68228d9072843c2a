import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { StatusMessage } from './StatusMessage';

interface NotFoundPageProps {
  /**
   * `page` (default): an unknown address within a school, with a link to the front page.
   * `school`: the host does not belong to any school, so there is no front page to offer.
   */
  kind?: 'page' | 'school';
}

/** The not-found page: for unknown routes, and for a host that is no school's. */
export function NotFoundPage({ kind = 'page' }: NotFoundPageProps) {
  const intl = useIntl();

  if (kind === 'school') {
    return (
      <StatusMessage title={intl.formatMessage({ id: 'schoolNotFound.title' })}>
        <Typography>
          <FormattedMessage
            id="schoolNotFound.body"
            values={{ host: <strong style={{ overflowWrap: 'anywhere' }}>{window.location.hostname}</strong> }}
          />
        </Typography>
        <Typography>
          <FormattedMessage id="schoolNotFound.hint" />
        </Typography>
      </StatusMessage>
    );
  }

  return (
    <StatusMessage
      title={intl.formatMessage({ id: 'notFound.title' })}
      actions={
        // A full page load is fine here and works outside the router as well.
        <Button variant="contained" size="large" href="/">
          <FormattedMessage id="notFound.home" />
        </Button>
      }
    >
      <Typography>
        <FormattedMessage id="notFound.body" />
      </Typography>
    </StatusMessage>
  );
}
