import { useCallback, useState } from 'react';
import { useToast } from '@/components/toast/useToast';
import { useFetchPlacementPdfMutation, type PdfKind, type StudentInClass } from './api/placementApi';

const pdfKey = ({ classId, studentId }: StudentInClass, kind: PdfKind) => `${classId}:${studentId}:${kind}`;

/** How long an opened PDF's address lives; the new tab has loaded it long before. */
const KEEP_URL_MS = 60_000;

/**
 * Opens a PDF of a student's placement in a new tab (spec §7). The tab is
 * opened at once, while the click still counts as the user's, and gets the
 * file when it has come; where no tab may be opened the file is downloaded.
 * A failure closes the tab and shows a toast.
 */
export function usePlacementPdf(): {
  open: (target: StudentInClass, kind: PdfKind, fileName: string) => void;
  isBusy: (target: StudentInClass, kind: PdfKind) => boolean;
} {
  const [fetchPdf] = useFetchPlacementPdfMutation();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  const open = useCallback(
    (target: StudentInClass, kind: PdfKind, fileName: string) => {
      setBusy(pdfKey(target, kind));
      const tab = window.open('', '_blank');
      fetchPdf({ ...target, kind })
        .unwrap()
        .then(
          (url) => {
            if (tab && !tab.closed) {
              tab.location.href = url;
            } else {
              const link = document.createElement('a');
              link.href = url;
              link.download = fileName;
              link.rel = 'noopener';
              document.body.append(link);
              link.click();
              link.remove();
            }
            window.setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
          },
          (error: unknown) => {
            tab?.close();
            toast.error(error);
          },
        )
        .finally(() => setBusy(null));
    },
    [fetchPdf, toast],
  );

  const isBusy = useCallback((target: StudentInClass, kind: PdfKind) => busy === pdfKey(target, kind), [busy]);
  return { open, isBusy };
}
