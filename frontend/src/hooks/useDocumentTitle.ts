import { useEffect } from 'react';

/** Sets the browser tab title (WCAG 2.4.2) while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
