import CloseIcon from '@mui/icons-material/Close';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { rolePath } from '@/features/auth/roles';
import { useSession } from '@/features/auth/SessionProvider';
import { useTenant } from '@/features/tenant/tenantContext';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import type { MessageId } from '@/i18n/messages';
import { useLanguage } from '@/i18n/useLanguage';
import { SCALE } from './statements';

/** Screens this wide or narrower get the two-column selector instead of the table. */
export const PHONE_QUERY = '(max-width:600px)';

/**
 * Bondy's three axes and the statements (by position, 0-based) that
 * describe each: safety and accuracy, quality of performance, guidance needed.
 */
export const AXES: readonly { id: MessageId; from: number; to: number }[] = [
  { id: 'scale.axis.safety', from: 0, to: 3 },
  { id: 'scale.axis.quality', from: 3, to: 7 },
  { id: 'scale.axis.guidance', from: 7, to: 10 },
];

/** Hidden on paper: the app's bars, the buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4 landscape', margin: '10mm' },
      '@media print': {
        'header, footer, nav, .MuiAppBar-root, [data-print="hide"]': { display: 'none !important' },
        body: { background: '#fff' },
        main: { padding: '0 !important' },
      },
    }}
  />
);

/**
 * The independence scale (spec §2, `/independence-scale`): the five levels
 * with ten observable statements each, in the user's language. A table on
 * wider screens and on paper; on a phone a level list next to the chosen
 * level's statements. Opened in a new tab from the form page, so it has a
 * print button and a close button.
 */
export function IndependenceScalePage() {
  const intl = useIntl();
  const tenant = useTenant();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const title = intl.formatMessage({ id: 'scale.title' });
  useDocumentTitle(`${title} – ${tenant.appName}`);

  return (
    <Container maxWidth="xl" sx={{ px: { xs: 2, sm: 3 } }}>
      {printStyles}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Box sx={{ maxWidth: '75ch', minWidth: 0 }}>
          <Typography variant="h1" sx={{ mb: 1, fontSize: { xs: '1.625rem', sm: '1.875rem' }, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography>
            <FormattedMessage id="scale.intro" />
          </Typography>
        </Box>
        <PageButtons />
      </Box>
      {phone ? (
        <>
          <LevelSelector />
          {/* Paper gets the whole table, also when printed from a phone. */}
          <Box sx={{ display: 'none', '@media print': { display: 'block' } }}>
            <ScaleTable />
          </Box>
        </>
      ) : (
        <ScaleTable />
      )}
      <Typography sx={{ mt: 2, maxWidth: '75ch' }}>
        <FormattedMessage id="scale.notRelevant" />
      </Typography>
    </Container>
  );
}

/** Print (the browser's dialog) and close (the tab, else back). */
function PageButtons() {
  const navigate = useNavigate();
  const location = useLocation();
  const { activeRole } = useSession();
  const [cameFromApp] = useState(() => location.key !== 'default');

  const close = () => {
    window.close();
    // A tab the app did not open cannot be closed by it; go back instead.
    window.setTimeout(() => {
      if (window.closed) return;
      if (cameFromApp) void navigate(-1);
      else void navigate(activeRole ? rolePath(activeRole) : '/');
    }, 150);
  };

  return (
    <Box data-print="hide" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <Button variant="contained" size="large" startIcon={<PrintOutlinedIcon aria-hidden />} onClick={() => window.print()}>
        <FormattedMessage id="scale.print" />
      </Button>
      <Button variant="outlined" size="large" startIcon={<CloseIcon aria-hidden />} onClick={close}>
        <FormattedMessage id="scale.close" />
      </Button>
    </Box>
  );
}

/** The whole scale as a table: a column per level, the statements in rows grouped by axis. */
export function ScaleTable() {
  const intl = useIntl();
  const { language } = useLanguage();
  return (
    <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
      <Box
        component="table"
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          bgcolor: 'background.paper',
          fontSize: '0.9375rem',
          lineHeight: 1.45,
          '& th, & td': { border: 1, borderColor: 'divider', p: 1.25, verticalAlign: 'top', textAlign: 'left' },
          '& thead th': { bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: '1rem' },
          '& tbody th': { bgcolor: 'action.hover', fontWeight: 600, width: '11%' },
          '@media print': {
            fontSize: '8.5pt',
            '& th, & td': { p: '4pt', borderColor: '#999' },
            '& thead th': { bgcolor: '#e6e6e6', color: '#000', fontSize: '9.5pt' },
            '& tbody th': { bgcolor: '#f2f2f2' },
            '& tr': { breakInside: 'avoid' },
          },
        }}
      >
        <Box component="caption" sx={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, pb: 1 }}>
          <FormattedMessage id="scale.caption" />
        </Box>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'scale.axisHeader' })}</th>
            {SCALE.map((level) => (
              <th key={level.value} scope="col">
                {level[language].name}
              </th>
            ))}
          </tr>
        </thead>
        {AXES.map((axis) => (
          <tbody key={axis.id}>
            {Array.from({ length: axis.to - axis.from }, (_unused, offset) => {
              const statement = axis.from + offset;
              return (
                <tr key={statement}>
                  {offset === 0 ? (
                    <th scope="rowgroup" rowSpan={axis.to - axis.from}>
                      <FormattedMessage id={axis.id} />
                    </th>
                  ) : null}
                  {SCALE.map((level) => (
                    <td key={level.value}>{level[language].statements[statement]}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        ))}
      </Box>
    </Box>
  );
}

/** On a phone: the levels in a column (tabs), next to the statements of the chosen one. */
export function LevelSelector() {
  const intl = useIntl();
  const { language } = useLanguage();
  const [chosen, setChosen] = useState(0);
  const baseId = useId();
  const level = SCALE[chosen] ?? SCALE[0];
  if (!level) return null;

  return (
    <Box
      data-print="hide"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 38%) minmax(0, 1fr)',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '@media print': { display: 'none' },
      }}
    >
      <Tabs
        orientation="vertical"
        selectionFollowsFocus
        value={chosen}
        onChange={(_event, value: number) => setChosen(value)}
        aria-label={intl.formatMessage({ id: 'scale.levelsLabel' })}
        sx={{
          borderRight: 1,
          borderColor: 'divider',
          '& .MuiTab-root': {
            alignItems: 'flex-start',
            textAlign: 'left',
            minHeight: 56,
            minWidth: 0,
            px: 1.5,
            fontSize: '0.9375rem',
            lineHeight: 1.3,
            color: 'text.primary',
          },
          '& .MuiTab-root.Mui-selected': { fontWeight: 700, bgcolor: 'action.selected', color: 'text.primary' },
        }}
      >
        {SCALE.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={item[language].name}
            id={`${baseId}-tab-${item.value}`}
            aria-controls={`${baseId}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${level.value}`} sx={{ p: 1.5, minWidth: 0 }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {level[language].name}
        </Typography>
        {AXES.map((axis) => (
          <Fragment key={axis.id}>
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mt: 1.5, color: 'text.secondary' }}>
              <FormattedMessage id={axis.id} />
            </Typography>
            <Box component="ul" sx={{ pl: 2.25, my: 0.5, '& li': { py: 0.5, lineHeight: 1.45, overflowWrap: 'anywhere' } }}>
              {level[language].statements.slice(axis.from, axis.to).map((statement) => (
                <li key={statement}>{statement}</li>
              ))}
            </Box>
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
