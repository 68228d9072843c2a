import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { StatusMessage } from '@/components/StatusMessage';

/** The body of a page that failed to render: the generic error box and a way back to the front page. */
export function PageError({ error }: { error: unknown }) {
  const intl = useIntl();
  return (
    <StatusMessage
      title={intl.formatMessage({ id: 'error.page.title' })}
      actions={
        <Button variant="contained" size="large" href="/">
          <FormattedMessage id="notFound.home" />
        </Button>
      }
    >
      <ErrorBox error={error} />
    </StatusMessage>
  );
}

interface PageErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches a page that throws while rendering (or whose code cannot be
 * fetched, e.g. offline) and shows {@link PageError} in its place, inside the
 * layout. The pages before sign-in need it: their router has no error
 * elements. React offers error boundaries only as class components.
 */
interface PageErrorBoundaryProps {
  children: ReactNode;
  /** Draws the error inside a frame (e.g. the school's bar) when the boundary sits outside one. */
  frame?: (page: ReactNode) => ReactNode;
}

export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const page = <PageError error={this.state.error} />;
    return this.props.frame ? this.props.frame(page) : page;
  }
}
