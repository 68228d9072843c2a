import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { visuallyHidden } from '@/components/visuallyHidden';
import { INDEPENDENCE_SCALE_PATH } from '@/features/scale/paths';
import { useGetGuidancePdfUrlMutation } from '../answeringApi';
import type { AnsweringForm } from '../types';

/**
 * The form page's helpers: the independence scale and (when the form has
 * one) the guidance PDF, each opened in a new tab.
 *
 * The scale is a page of the app, which needs the sign-in of this tab; a
 * tab opened with an opener starts with a copy of this tab's session
 * storage, so the link keeps its opener. The PDF needs the token too, so it
 * is fetched here and shown from memory in the tab opened on the click.
 */
export function FormTools({ form }: { form: AnsweringForm }) {
  const intl = useIntl();
  const [fetchPdf, { isLoading }] = useGetGuidancePdfUrlMutation();
  const [pdfError, setPdfError] = useState<unknown>(null);

  const openPdf = () => {
    setPdfError(null);
    // Opened during the click, so a popup blocker lets it through; filled in when the file has come.
    const tab = window.open('', '_blank');
    fetchPdf(form.id)
      .unwrap()
      .then(
        (url) => {
          if (tab && !tab.closed) tab.location.href = url;
          else window.open(url, '_blank');
          // The tab has read the file long before this.
          window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
        },
        (error: unknown) => {
          tab?.close();
          setPdfError(error);
        },
      );
  };

  return (
    <Box sx={{ '@media print': { display: 'none' } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          component="a"
          href={INDEPENDENCE_SCALE_PATH}
          target="_blank"
          rel="opener"
          variant="outlined"
          size="large"
          startIcon={<TableChartOutlinedIcon aria-hidden />}
          endIcon={<OpenInNewIcon aria-hidden fontSize="small" />}
        >
          <FormattedMessage id="answering.scaleLink" />
          <Box component="span" sx={visuallyHidden}>
            {' '}
            <FormattedMessage id="common.opensInNewWindow" />
          </Box>
        </Button>
        {form.hasGuidancePdf ? (
          <Button
            variant="outlined"
            size="large"
            onClick={openPdf}
            loading={isLoading}
            startIcon={<PictureAsPdfOutlinedIcon aria-hidden />}
            endIcon={<OpenInNewIcon aria-hidden fontSize="small" />}
          >
            <FormattedMessage id="answering.guidancePdf" />
            <Box component="span" sx={visuallyHidden}>
              {' '}
              <FormattedMessage id="common.opensInNewWindow" />
            </Box>
          </Button>
        ) : null}
      </Box>
      {pdfError ? (
        <Box sx={{ mt: 2 }}>
          <ErrorBox error={pdfError} message={intl.formatMessage({ id: 'answering.guidancePdfFailed' })} />
        </Box>
      ) : null}
    </Box>
  );
}
