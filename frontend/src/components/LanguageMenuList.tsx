import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useIntl } from 'react-intl';
import type { Language } from '@/i18n/language';
import { useLanguage } from '@/i18n/useLanguage';

interface LanguageMenuListProps {
  id: string;
  /** The button the menu opens from; null when closed. */
  anchor: HTMLElement | null;
  languages: readonly Language[];
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The languages of the language button's menu, each named in itself and marked with its `lang`. */
export function LanguageMenuList({ id, anchor, languages, onChoose, onClose }: LanguageMenuListProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
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
          onClick={() => onChoose(option)}
          sx={{ minHeight: 48 }}
        >
          <ListItemIcon>{option === language ? <CheckIcon aria-hidden /> : null}</ListItemIcon>
          <ListItemText>{intl.formatMessage({ id: `language.name.${option}` })}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
