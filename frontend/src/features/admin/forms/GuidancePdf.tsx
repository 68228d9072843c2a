import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { visuallyHidden } from '@/components/visuallyHidden';
import { useDeleteFormPdfMutation, useDownloadFormPdfMutation, useUploadFormPdfMutation } from '../api/formsApi';
import type { Form } from '../types';

/** The largest guidance PDF the server takes: 10 MiB. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be uploaded as guidance, or null when it can. */
export function pdfProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'notPdf' | 'tooLarge' | 'empty' | null {
  const looksPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name));
  if (!looksPdf) return 'notPdf';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_PDF_BYTES) return 'tooLarge';
  return null;
}

type Problem = { kind: 'notPdf' | 'empty' } | { kind: 'tooLarge'; size: number } | { kind: 'failed'; error: unknown };

/**
 * The form's guidance PDF for supervisors: download it, upload a new one
 * (PDF only, at most 10 MB, checked before sending) or remove it.
 */
export function GuidancePdf({ form }: { form: Form }) {
  const intl = useIntl();
  const toast = useToast();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [upload, { isLoading: uploading }] = useUploadFormPdfMutation();
  const [remove, { isLoading: removing }] = useDeleteFormPdfMutation();
  const [download, { isLoading: downloading }] = useDownloadFormPdfMutation();
  const megabytes = (bytes: number) => intl.formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 });
  const fileName = form.guidancePdfName ?? `${form.name}.pdf`;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const kind = pdfProblem(file);
    if (kind === 'tooLarge') {
      setProblem({ kind, size: file.size });
      return;
    }
    if (kind) {
      setProblem({ kind });
      return;
    }
    setProblem(null);
    upload({ formId: form.id, file })
      .unwrap()
      .then(toast.saved, (error: unknown) =>
        setProblem(hasStatus(error, 413) ? { kind: 'tooLarge', size: file.size } : { kind: 'failed', error }),
      );
  };

  let problemText: string | null = null;
  if (problem?.kind === 'notPdf') problemText = intl.formatMessage({ id: 'admin.pdf.notPdf' });
  if (problem?.kind === 'empty') problemText = intl.formatMessage({ id: 'admin.pdf.empty' });
  if (problem?.kind === 'tooLarge') {
    problemText = intl.formatMessage(
      { id: 'admin.pdf.tooLarge' },
      { size: megabytes(problem.size), max: megabytes(MAX_PDF_BYTES) },
    );
  }

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        <FormattedMessage id="admin.pdf.heading" />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        <FormattedMessage id="admin.pdf.intro" values={{ max: megabytes(MAX_PDF_BYTES) }} />
      </Typography>
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {form.hasGuidancePdf ? (
          <FormattedMessage id="admin.pdf.current" values={{ name: fileName }} />
        ) : (
          <FormattedMessage id="admin.pdf.none" />
        )}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {/* Chosen through the button; hidden from keyboard and screen readers so it is not offered twice. */}
        <Box
          component="input"
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          onChange={onFile}
          tabIndex={-1}
          aria-hidden
          sx={visuallyHidden}
        />
        <Button
          variant="outlined"
          startIcon={<FileUploadIcon aria-hidden />}
          onClick={() => inputRef.current?.click()}
          loading={uploading}
        >
          <FormattedMessage id={form.hasGuidancePdf ? 'admin.pdf.replace' : 'admin.pdf.upload'} />
        </Button>
        {form.hasGuidancePdf ? (
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon aria-hidden />}
              loading={downloading}
              onClick={() => {
                download({ formId: form.id, fileName })
                  .unwrap()
                  .catch((error: unknown) => setProblem({ kind: 'failed', error }));
              }}
            >
              <FormattedMessage id="admin.pdf.download" />
            </Button>
            <Button
              color="error"
              startIcon={<DeleteOutlinedIcon aria-hidden />}
              loading={removing}
              onClick={() => {
                setProblem(null);
                remove(form.id)
                  .unwrap()
                  .then(toast.deleted, (error: unknown) => setProblem({ kind: 'failed', error }));
              }}
            >
              <FormattedMessage id="admin.pdf.remove" />
            </Button>
          </>
        ) : null}
      </Box>
      {problemText ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {problemText}
        </Alert>
      ) : null}
      {problem?.kind === 'failed' ? (
        <Box sx={{ mt: 2 }}>
          <ErrorBox error={problem.error} />
        </Box>
      ) : null}
    </Paper>
  );
}
