import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { useGetFormsQuery } from '../api/formsApi';
import { AdminPage } from '../components/AdminPage';
import { adminPaths } from '../paths';

/** `/admin/forms`: main forms as cards, specific-competency forms as a list with an add button. */
export function FormsPage() {
  const intl = useIntl();
  const mainHeadingId = useId();
  const specificHeadingId = useId();
  const { data: forms, error, isLoading, refetch } = useGetFormsQuery();
  const mainForms = forms?.filter((form) => form.isMainForm) ?? [];
  const specificForms = forms?.filter((form) => !form.isMainForm) ?? [];

  return (
    <AdminPage title={intl.formatMessage({ id: 'admin.forms.title' })}>
      {isLoading ? <Loading /> : null}
      {error ? (
        <LoadFailed error={error} message={intl.formatMessage({ id: 'admin.forms.loadFailed' })} retry={() => void refetch()} />
      ) : null}
      {forms ? (
        <>
          <Box component="section" aria-labelledby={mainHeadingId} sx={{ mb: 5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
              <Typography variant="h2" id={mainHeadingId} sx={{ flexGrow: 1 }}>
                <FormattedMessage id="admin.forms.mainHeading" />
              </Typography>
              <Button component={RouterLink} to={adminPaths.createMainForm} variant="outlined" startIcon={<AddIcon aria-hidden />}>
                <FormattedMessage id="admin.forms.addMain" />
              </Button>
            </Box>
            {mainForms.length === 0 ? (
              <EmptyState centered>
                <FormattedMessage id="admin.forms.noMain" />
              </EmptyState>
            ) : (
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(18rem, 1fr))' },
                }}
              >
                {mainForms.map((form) => (
                  <Card component="li" key={form.id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
                    <CardContent sx={{ flexGrow: 1 }}>
                      <Chip size="small" label={intl.formatMessage({ id: 'admin.forms.main' })} sx={{ mb: 1 }} />
                      <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>
                        {form.name}
                      </Typography>
                    </CardContent>
                    <CardActions sx={{ px: 2, pb: 2 }}>
                      <Button
                        component={RouterLink}
                        to={adminPaths.editForm(form.id)}
                        variant="contained"
                        startIcon={<EditIcon aria-hidden />}
                        aria-label={intl.formatMessage({ id: 'admin.forms.editNamed' }, { name: form.name })}
                      >
                        <FormattedMessage id="admin.common.edit" />
                      </Button>
                    </CardActions>
                  </Card>
                ))}
              </Box>
            )}
          </Box>

          <Box component="section" aria-labelledby={specificHeadingId}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
              <Typography variant="h2" id={specificHeadingId} sx={{ flexGrow: 1 }}>
                <FormattedMessage id="admin.forms.specificHeading" />
              </Typography>
              <Button component={RouterLink} to={adminPaths.createForm} variant="contained" startIcon={<AddIcon aria-hidden />}>
                <FormattedMessage id="admin.forms.addSpecific" />
              </Button>
            </Box>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>
              <FormattedMessage id="admin.forms.specificIntro" />
            </Typography>
            {specificForms.length === 0 ? (
              <EmptyState centered>
                <FormattedMessage id="admin.forms.noSpecific" />
              </EmptyState>
            ) : (
              <Paper variant="outlined">
                <List disablePadding>
                  {specificForms.map((form, index) => (
                    <ListItem key={form.id} disablePadding divider={index < specificForms.length - 1}>
                      <ListItemButton component={RouterLink} to={adminPaths.editForm(form.id)} sx={{ minHeight: 56 }}>
                        <ListItemText primary={form.name} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
                        <EditIcon aria-hidden sx={{ color: 'text.secondary', ml: 2 }} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Paper>
            )}
          </Box>
        </>
      ) : null}
    </AdminPage>
  );
}
