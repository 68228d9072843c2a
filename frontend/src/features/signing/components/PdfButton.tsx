import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Button from '@mui/material/Button';
import { FormattedMessage, useIntl } from 'react-intl';
import { useToast } from '@/components/toast/useToast';
import { useGetSigningFormPdfUrlMutation, type StudentInClass } from '../signingApi';

/** How long an opened PDF's object URL lives; the tab has read it long before. */
const REVOKE_AFTER_MS = 60_000;

/** Opens an address in a new tab through a link, for when the tab could not be opened at the click. */
function openInNewTab(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opens the signing form as a PDF in a new tab. The tab is opened at the
 * click (so no pop-up blocker stops it) and shows the file once it has
 * come; a failure closes it again and says why.
 */
export function PdfButton({ target }: { target: StudentInClass }) {
  const intl = useIntl();
  const toast = useToast();
  const [getPdfUrl, { isLoading }] = useGetSigningFormPdfUrlMutation();

  const open = async () => {
    const tab = window.open('', '_blank');
    try {
      const url = await getPdfUrl(target).unwrap();
      if (tab) tab.location.href = url;
      else openInNewTab(url);
      window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    } catch (error) {
      tab?.close();
      toast.error(error);
    }
  };

  return (
    <Button
      variant="outlined"
      size="large"
      startIcon={<PictureAsPdfIcon aria-hidden />}
      loading={isLoading}
      onClick={() => void open()}
      aria-label={`${intl.formatMessage({ id: 'signing.pdf' })} ${intl.formatMessage({ id: 'common.opensInNewWindow' })}`}
    >
      <FormattedMessage id="signing.pdf" />
    </Button>
  );
}
