import CheckIcon from '@mui/icons-material/Check';
import LanguageIcon from '@mui/icons-material/Language';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { LANGUAGES, type Language } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';
import { visuallyHidden } from './visuallyHidden';

/**
 * A button in the top bar that opens a menu of languages. Hidden when fewer
 * than two languages are offered. Each language is named in itself and marked
 * with its `lang`, so a screen reader reads "English" in English.
 */
export function LanguageMenu({ languages = LANGUAGES }: { languages?: readonly Language[] }) {
  const intl = useIntl();
  const { language, chooseLanguage } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 44, flexShrink: 0 }}
      >
        {/* The visible text is the current language; the hidden prefix says what the button is for. */}
        <Box component="span" sx={visuallyHidden}>
          {intl.formatMessage({ id: 'language.buttonLabel' })}
        </Box>{' '}
        <span lang={language}>{intl.formatMessage({ id: `language.short.${language}` })}</span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': intl.formatMessage({ id: 'language.menuLabel' }) } }}
      >
        {languages.map((option) => (
          <MenuItem
            key={option}
            role="menuitemradio"
            aria-checked={option === language}
            selected={option === language}
            lang={option}
            onClick={() => choose(option)}
            sx={{ minHeight: 48 }}
          >
            <ListItemIcon>{option === language ? <CheckIcon aria-hidden /> : null}</ListItemIcon>
            <ListItemText>{intl.formatMessage({ id: `language.name.${option}` })}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
