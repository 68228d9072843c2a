import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/visuallyHidden';
import { roleMessages, rolePath } from '@/features/auth/roles';
import { useSession } from '@/features/auth/SessionProvider';
import { useTenant } from '@/features/tenant/tenantContext';
import { safeExternalUrl } from '@/lib/url';
import { paths } from '../paths';

interface SideMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  onOpenSettings: () => void;
}

const itemSx = { minHeight: 52 } as const;

/**
 * The side menu (spec §2): a link to the home of each of the user's roles,
 * the school's about page, the privacy policy, settings and sign-out. A
 * modal drawer: focus stays inside while it is open, Escape closes it and
 * focus returns to the menu button.
 */
export function SideMenu({ id, open, onClose, onOpenSettings }: SideMenuProps) {
  const intl = useIntl();
  const tenant = useTenant();
  const { user, roles, activeRole, signOut, signingOut } = useSession();
  const titleId = useId();
  const rolesHeadingId = useId();
  const aboutUrl = safeExternalUrl(tenant.aboutUrl);
  const privacyPath = activeRole ? `${rolePath(activeRole)}${paths.privacyPolicy}` : paths.privacyPolicy;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id, sx: { width: { xs: '88vw', sm: 360 }, maxWidth: 400 } } }}
    >
      <Box component="nav" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2.5, pt: 2, pb: 1.5 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={titleId} component="h2" sx={visuallyHidden}>
              <FormattedMessage id="menu.title" />
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
              {user.displayName}
            </Typography>
            <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{user.email}</Typography>
          </Box>
          <IconButton
            onClick={onClose}
            aria-label={intl.formatMessage({ id: 'menu.close' })}
            sx={{ width: 48, height: 48, mt: -0.5, mr: -1 }}
          >
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
          {roles.length > 0 ? (
            <>
              <Typography
                id={rolesHeadingId}
                component="h3"
                sx={{ px: 2, pt: 1.5, pb: 0.5, fontSize: '0.875rem', fontWeight: 600, color: 'text.secondary' }}
              >
                <FormattedMessage id={roles.length > 1 ? 'menu.roles' : 'menu.role'} />
              </Typography>
              <List aria-labelledby={rolesHeadingId} sx={{ pt: 0 }}>
                {roles.map((role) => {
                  const current = role === activeRole;
                  return (
                    <ListItem key={role} disablePadding>
                      <ListItemButton
                        component={RouterLink}
                        to={rolePath(role)}
                        aria-current={current ? 'page' : undefined}
                        selected={current}
                        // On the role's pages that role is the active one.
                        onClick={onClose}
                        sx={itemSx}
                      >
                        <ListItemIcon>{current ? <CheckIcon aria-hidden /> : <SwapHorizIcon aria-hidden />}</ListItemIcon>
                        <ListItemText
                          primary={intl.formatMessage({ id: roleMessages(role).title })}
                          secondary={current ? intl.formatMessage({ id: 'menu.currentRole' }) : null}
                        />
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
            </>
          ) : null}
          <Divider />
          <List>
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to={privacyPath} onClick={onClose} sx={itemSx}>
                <ListItemIcon>
                  <PolicyOutlinedIcon aria-hidden />
                </ListItemIcon>
                <ListItemText primary={intl.formatMessage({ id: 'menu.privacy' })} />
              </ListItemButton>
            </ListItem>
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to={paths.myData} onClick={onClose} sx={itemSx}>
                <ListItemIcon>
                  <FolderSharedOutlinedIcon aria-hidden />
                </ListItemIcon>
                <ListItemText primary={intl.formatMessage({ id: 'menu.myData' })} />
              </ListItemButton>
            </ListItem>
            {aboutUrl ? (
              <ListItem disablePadding>
                <ListItemButton component="a" href={aboutUrl} target="_blank" rel="noopener noreferrer" sx={itemSx}>
                  <ListItemIcon>
                    <InfoOutlinedIcon aria-hidden />
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <>
                        <FormattedMessage id="menu.about" />
                        <OpenInNewIcon aria-hidden fontSize="inherit" sx={{ ml: 0.75, verticalAlign: 'middle' }} />
                        <Box component="span" sx={visuallyHidden}>
                          {` ${intl.formatMessage({ id: 'common.opensInNewWindow' })}`}
                        </Box>
                      </>
                    }
                  />
                </ListItemButton>
              </ListItem>
            ) : null}
            <ListItem disablePadding>
              <ListItemButton
                onClick={() => {
                  onClose();
                  onOpenSettings();
                }}
                aria-haspopup="dialog"
                sx={itemSx}
              >
                <ListItemIcon>
                  <SettingsOutlinedIcon aria-hidden />
                </ListItemIcon>
                <ListItemText primary={intl.formatMessage({ id: 'menu.settings' })} />
              </ListItemButton>
            </ListItem>
          </List>
        </Box>
        <Divider />
        <List>
          <ListItem disablePadding>
            <ListItemButton onClick={() => void signOut()} disabled={signingOut} sx={itemSx}>
              <ListItemIcon>
                <LogoutIcon aria-hidden />
              </ListItemIcon>
              <ListItemText primary={intl.formatMessage({ id: 'menu.signOut' })} />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
    </Drawer>
  );
}
