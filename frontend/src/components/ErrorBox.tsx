import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorDescriptions, NO_STATUS, normalizeError, type NormalizedError } from '@/api/errors';

interface ErrorBoxProps {
  /** What failed: anything a call produced (RTK Query error, Error, …). */
  error: unknown;
  /** A sentence saying what the user was doing, e.g. "Klarte ikke hente innlogget bruker". */
  message?: string;
  /** Buttons under the text (try again, sign out). */
  actions?: ReactNode;
}

/**
 * Shows a failed call (spec §8). A refused request (4xx) gets the box titled
 * "Error (HTTP {code})" with each description the server gave, or "En
 * uventet feil oppsto" when it gave none. A server failure (5xx) or a request
 * that got no answer gets the generic box "Obs! Noe gikk galt" with the
 * technical details folded away under a details label.
 */
export function ErrorBox({ error, message, actions }: ErrorBoxProps) {
  const normalized = normalizeError(error);
  const descriptions = errorDescriptions(normalized);
  const { statusCode } = normalized;
  const lead = message ? <Typography sx={{ fontWeight: 600, mb: 1 }}>{message}</Typography> : null;

  if (statusCode === NO_STATUS || statusCode >= 500) {
    return (
      <Alert severity="error" role="alert" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        <AlertTitle>
          <FormattedMessage id="error.generic.title" />
        </AlertTitle>
        {lead}
        <Typography>
          <FormattedMessage id={statusCode === NO_STATUS ? 'error.generic.noAnswer' : 'error.generic.server'} />
        </Typography>
        <Box component="details" sx={{ mt: 1.5, '& summary': { cursor: 'pointer', py: 0.5, fontWeight: 600 } }}>
          <summary>
            <FormattedMessage id="error.generic.details" />
          </summary>
          <Typography component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {statusCode === NO_STATUS ? null : <div>{`HTTP ${statusCode}`}</div>}
            <div>{normalized.description}</div>
            {descriptions
              .filter((text) => text !== normalized.description)
              .map((text) => (
                <div key={text}>{text}</div>
              ))}
          </Typography>
        </Box>
        {actions ? <Actions>{actions}</Actions> : null}
      </Alert>
    );
  }

  return (
    <Alert severity="error" role="alert" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>
        <FormattedMessage id="error.http.title" values={{ code: statusCode }} />
      </AlertTitle>
      {lead}
      {descriptions.length === 0 ? (
        <Typography>
          <FormattedMessage id="error.unexpected" />
        </Typography>
      ) : (
        descriptions.map((text) => <Typography key={text}>{text}</Typography>)
      )}
      {actions ? <Actions>{actions}</Actions> : null}
    </Alert>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>{children}</Box>
  );
}

/** The error box's text for a toast: the status code and the joined descriptions (spec §8). */
export function useErrorSummary(): (error: NormalizedError) => string {
  const intl = useIntl();
  return (normalized: NormalizedError) => {
    const descriptions = errorDescriptions(normalized);
    const text = descriptions.length > 0 ? descriptions.join(' ') : intl.formatMessage({ id: 'error.unexpected' });
    return normalized.statusCode === NO_STATUS
      ? text
      : intl.formatMessage({ id: 'toast.error' }, { code: normalized.statusCode, descriptions: text });
  };
}
