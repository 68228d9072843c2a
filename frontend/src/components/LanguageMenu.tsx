import LanguageIcon from '@mui/icons-material/Language';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { LANGUAGES, type Language } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';
import { visuallyHidden } from './visuallyHidden';

const LanguageMenuList = lazy(() => import('./LanguageMenuList').then((m) => ({ default: m.LanguageMenuList })));

/**
 * A button in the top bar that opens a menu of languages. Hidden when fewer
 * than two languages are offered. Each language is named in itself and marked
 * with its `lang`, so a screen reader reads "English" in English.
 */
export function LanguageMenu({ languages = LANGUAGES }: { languages?: readonly Language[] }) {
  const intl = useIntl();
  const { language, chooseLanguage } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted so that closing it animates.
  const [opened, setOpened] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  if (languages.length < 2) return null;

  const choose = (next: Language) => {
    setAnchor(null);
    if (next !== language) chooseLanguage(next);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        startIcon={<LanguageIcon aria-hidden />}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ minHeight: 44, flexShrink: 0 }}
      >
        {/* The visible text is the current language; the hidden prefix says what the button is for. */}
        <Box component="span" sx={visuallyHidden}>
          {intl.formatMessage({ id: 'language.buttonLabel' })}
        </Box>{' '}
        <span lang={language}>{intl.formatMessage({ id: `language.short.${language}` })}</span>
      </Button>
      {/* The menu is its own chunk, fetched on first use: the login page does not carry it. */}
      {opened ? (
        <Suspense fallback={null}>
          <LanguageMenuList
            id={menuId}
            anchor={anchor}
            languages={languages}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
