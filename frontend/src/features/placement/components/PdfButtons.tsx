import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '@/i18n/messages';
import type { PdfKind, StudentInClass } from '../api/placementApi';
import { usePlacementPdf } from '../usePdf';

/** What there is of a student's placement, which decides the PDFs on offer. */
export interface PdfAvailability {
  /** Someone has answered a form (or there is a warning or signing form): the full PDF answers. */
  full: boolean;
  /** A warning has been sent. */
  warning: boolean;
  /** The signing form exists. */
  signingForm: boolean;
}

const LABEL: Record<PdfKind, MessageId> = {
  full: 'placement.pdf.full',
  warning: 'placement.pdf.warning',
  signingForm: 'placement.pdf.signingForm',
};

const FILE: Record<PdfKind, string> = {
  full: 'vurdering',
  warning: 'varsel',
  signingForm: 'signeringsskjema',
};

interface PdfButtonsProps {
  target: StudentInClass;
  available: PdfAvailability;
  /** Used in the file names, e.g. the subject code. */
  fileLabel: string;
  /** Names the class the buttons are for (several classes on one page). */
  context?: string;
}

/**
 * Buttons that open the PDFs of a student's placement. Only PDFs that exist
 * get a button (spec: no dead buttons); with none, a line says so.
 */
export function PdfButtons({ target, available, fileLabel, context }: PdfButtonsProps) {
  const intl = useIntl();
  const { open, isBusy } = usePlacementPdf();
  const kinds = (['full', 'warning', 'signingForm'] as const).filter((kind) => available[kind]);
  if (kinds.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary' }}>
        <FormattedMessage id="placement.pdf.none" />
      </Typography>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
      {kinds.map((kind) => {
        const label = intl.formatMessage({ id: LABEL[kind] });
        return (
          <Button
            key={kind}
            variant="outlined"
            size="large"
            startIcon={<PictureAsPdfOutlinedIcon aria-hidden />}
            loading={isBusy(target, kind)}
            loadingPosition="start"
            aria-label={intl.formatMessage(
              { id: context ? 'placement.pdf.openFor' : 'placement.pdf.open' },
              { name: label, context },
            )}
            onClick={() => open(target, kind, `${FILE[kind]}-${fileLabel}.pdf`)}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}
