import ArchiveIcon from '@mui/icons-material/Archive';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DescriptionIcon from '@mui/icons-material/Description';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaletteIcon from '@mui/icons-material/Palette';
import PeopleIcon from '@mui/icons-material/People';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import type { MessageId } from '@/i18n/messages';
import { adminPaths } from '../paths';

interface PanelCard {
  to: string;
  title: MessageId;
  description: MessageId;
  icon: ReactNode;
}

const CARDS: PanelCard[] = [
  {
    to: adminPaths.semesters,
    title: 'admin.panel.semesters.title',
    description: 'admin.panel.semesters.description',
    icon: <CalendarMonthIcon aria-hidden fontSize="large" />,
  },
  {
    to: adminPaths.forms,
    title: 'admin.panel.forms.title',
    description: 'admin.panel.forms.description',
    icon: <DescriptionIcon aria-hidden fontSize="large" />,
  },
  {
    to: adminPaths.subjects,
    title: 'admin.panel.subjects.title',
    description: 'admin.panel.subjects.description',
    icon: <LibraryBooksIcon aria-hidden fontSize="large" />,
  },
  {
    to: adminPaths.users,
    title: 'admin.panel.users.title',
    description: 'admin.panel.users.description',
    icon: <PeopleIcon aria-hidden fontSize="large" />,
  },
  {
    to: adminPaths.texts,
    title: 'admin.panel.texts.title',
    description: 'admin.panel.texts.description',
    icon: <PaletteIcon aria-hidden fontSize="large" />,
  },
  {
    to: adminPaths.archive,
    title: 'admin.panel.archive.title',
    description: 'admin.panel.archive.description',
    icon: <ArchiveIcon aria-hidden fontSize="large" />,
  },
  {
    to: adminPaths.privacy,
    title: 'admin.panel.privacy.title',
    description: 'admin.panel.privacy.description',
    icon: <PrivacyTipIcon aria-hidden fontSize="large" />,
  },
  {
    to: adminPaths.reminders,
    title: 'admin.panel.reminders.title',
    description: 'admin.panel.reminders.description',
    icon: <NotificationsIcon aria-hidden fontSize="large" />,
  },
];

/** `/admin`: the administration panel, a card for each area. */
export function AdminPanel() {
  const intl = useIntl();
  const tenant = useTenant();
  const title = intl.formatMessage({ id: 'admin.panel.title' });
  useDocumentTitle(`${title} – ${tenant.appName}`);

  return (
    <Container maxWidth="lg" sx={{ px: { xs: 2, sm: 3 } }}>
      <Typography variant="h1">{title}</Typography>
      <Typography sx={{ mt: 1, mb: 3, fontSize: '1.0625rem', maxWidth: '60ch' }}>
        <FormattedMessage id="admin.panel.intro" />
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {CARDS.map((card) => (
          <Box component="li" key={card.to} sx={{ display: 'flex' }}>
            <Card variant="outlined" sx={{ width: '100%', display: 'flex' }}>
              <CardActionArea component={RouterLink} to={card.to} sx={{ display: 'flex', alignItems: 'flex-start', p: 0.5 }}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                  <Box sx={{ color: (theme) => theme.palette.primaryText, flexShrink: 0 }}>{card.icon}</Box>
                  <Box>
                    <Typography component="h2" variant="h2" sx={{ fontSize: '1.1875rem', color: (theme) => theme.palette.primaryText }}>
                      <FormattedMessage id={card.title} />
                    </Typography>
                    <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
                      <FormattedMessage id={card.description} />
                    </Typography>
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
