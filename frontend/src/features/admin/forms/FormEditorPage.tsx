import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hasStatus } from '@/api/errors';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import { LoadFailed, Loading } from '@/components/Feedback';
import { useCreateFormMutation, useDeleteFormMutation, useGetFormQuery, useUpdateFormMutation } from '../api/formsApi';
import { AdminPage } from '../components/AdminPage';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { adminPaths } from '../paths';
import type { Form } from '../types';
import { draftFromForm, draftReducer, draftToInput, emptyDraft, sameForm, type DraftForm } from './editorModel';
import { checkDraft, FormEditor, type DraftErrors } from './FormEditor';
import { FormPreview } from './FormPreview';
import { GuidancePdf } from './GuidancePdf';

/** `/admin/forms/create` and `/admin/forms/edit/{formId}`. */
export function FormEditorPage() {
  const { formId } = useParams();
  const [searchParams] = useSearchParams();
  const id = formId === undefined ? null : Number(formId);
  if (id === null) return <FormEditorScreen initial={emptyDraft(searchParams.get('main') === '1')} />;
  return <EditFormLoader id={id} />;
}

function EditFormLoader({ id }: { id: number }) {
  const intl = useIntl();
  const { data: form, error, refetch, isLoading } = useGetFormQuery(id, { skip: !Number.isInteger(id) });
  if (form) return <FormEditorScreen key={form.id} form={form} initial={draftFromForm(form)} />;
  const title = intl.formatMessage({ id: 'admin.formEditor.editTitle' });
  return (
    <AdminPage title={title} crumbs={[{ label: intl.formatMessage({ id: 'admin.forms.title' }), to: adminPaths.forms }]}>
      {isLoading ? (
        <Loading />
      ) : (
        <LoadFailed
          error={error ?? { status: 404, data: undefined }}
          message={intl.formatMessage({ id: hasStatus(error, 404) ? 'admin.common.notFound' : 'admin.common.loadFailed' })}
          retry={hasStatus(error, 404) ? undefined : () => void refetch()}
        />
      )}
    </AdminPage>
  );
}

type TabName = 'edit' | 'preview';

/**
 * The form editor: an edit tab and a preview tab over one draft, a save
 * bar, and for a saved form its guidance PDF and deletion.
 */
function FormEditorScreen({ form, initial }: { form?: Form; initial: DraftForm }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const toast = useToast();
  const idPrefix = useId().replace(/:/g, '');
  const tabsId = useId();
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const [baseline, setBaseline] = useState(initial);
  const [tab, setTab] = useState<TabName>('edit');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [createForm, createState] = useCreateFormMutation();
  const [updateForm, updateState] = useUpdateFormMutation();
  const [deleteForm, deleteState] = useDeleteFormMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const saveError = form ? updateState.error : createState.error;
  const dirty = !sameForm(draft, baseline);
  const title = form ? form.name : intl.formatMessage({ id: 'admin.formEditor.createTitle' });
  // The first field to fix, focused once the edit tab has rendered.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  // Leaving the page with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = () => {
    const found = checkDraft(draft, idPrefix, { required: intl.formatMessage({ id: 'admin.common.required' }) });
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      pendingFocus.current = first;
      setTab('edit');
      return;
    }
    const input = draftToInput(draft);
    if (form) {
      updateForm({ ...input, id: form.id })
        .unwrap()
        .then((saved) => {
          const next = draftFromForm(saved);
          dispatch({ type: 'reset', draft: next });
          setBaseline(next);
          toast.saved();
        }, () => undefined);
    } else {
      createForm(input)
        .unwrap()
        .then((created) => {
          toast.saved();
          void navigate(adminPaths.editForm(created.id), { replace: true });
        }, () => undefined);
    }
  };

  const tabId = (name: TabName) => `${tabsId}-${name}`;
  const panelId = (name: TabName) => `${tabsId}-${name}-panel`;
  const errorCount = Object.keys(errors).length;

  return (
    <AdminPage
      title={title}
      crumbs={[{ label: intl.formatMessage({ id: 'admin.forms.title' }), to: adminPaths.forms }]}
      subtitle={form ? intl.formatMessage({ id: form.isMainForm ? 'admin.forms.main' : 'admin.forms.specific' }) : undefined}
    >
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) => setTab(value)}
        aria-label={intl.formatMessage({ id: 'admin.formEditor.tabs' })}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="edit" id={tabId('edit')} aria-controls={panelId('edit')} label={intl.formatMessage({ id: 'admin.formEditor.tabEdit' })} />
        <Tab
          value="preview"
          id={tabId('preview')}
          aria-controls={panelId('preview')}
          label={intl.formatMessage({ id: 'admin.formEditor.tabPreview' })}
        />
      </Tabs>
      <Box role="tabpanel" id={panelId('edit')} aria-labelledby={tabId('edit')} hidden={tab !== 'edit'}>
        {tab === 'edit' ? <FormEditor draft={draft} dispatch={dispatch} errors={errors} idPrefix={idPrefix} /> : null}
      </Box>
      <Box role="tabpanel" id={panelId('preview')} aria-labelledby={tabId('preview')} hidden={tab !== 'preview'}>
        {tab === 'preview' ? <FormPreview draft={draft} /> : null}
      </Box>

      <Stack spacing={2} sx={{ mt: 3 }}>
        {errorCount > 0 ? (
          <Alert severity="error" role="alert">
            <FormattedMessage id="admin.formEditor.fixErrors" values={{ count: errorCount }} />
          </Alert>
        ) : null}
        {saveError ? <ErrorBox error={saveError} message={intl.formatMessage({ id: 'admin.common.saveFailed' })} /> : null}
      </Stack>

      <Paper
        elevation={3}
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          mt: 3,
          p: 1.5,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          borderBottomLeftRadius: 0,
          borderBottomRightRadius: 0,
        }}
      >
        <Button variant="contained" size="large" onClick={save} loading={saving}>
          <FormattedMessage id={form ? 'admin.common.save' : 'admin.formEditor.create'} />
        </Button>
        <Typography sx={{ color: 'text.secondary' }} role="status">
          {dirty ? <FormattedMessage id="admin.common.unsaved" /> : null}
        </Typography>
      </Paper>

      {form ? (
        <Stack spacing={3} sx={{ mt: 4 }}>
          <GuidancePdf form={form} />
          <DeleteFormSection
            onDelete={() => {
              deleteState.reset();
              setConfirmDelete(true);
            }}
          />
        </Stack>
      ) : (
        <Typography sx={{ mt: 3, color: 'text.secondary' }}>
          <FormattedMessage id="admin.pdf.saveFirst" />
        </Typography>
      )}

      {form ? (
        <ConfirmDialog
          open={confirmDelete}
          title={intl.formatMessage({ id: 'admin.formEditor.deleteTitle' })}
          confirmLabel={intl.formatMessage({ id: 'admin.formEditor.deleteConfirm' })}
          destructive
          busy={deleteState.isLoading}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => {
            deleteForm(form.id)
              .unwrap()
              .then(() => {
                setBaseline(draft);
                toast.deleted();
                void navigate(adminPaths.forms, { replace: true });
              }, () => undefined);
          }}
        >
          <Typography>
            <FormattedMessage id="admin.formEditor.deleteBody" values={{ name: form.name }} />
          </Typography>
          {deleteState.error ? (
            <Box sx={{ mt: 2 }}>
              <ErrorBox error={deleteState.error} message={intl.formatMessage({ id: 'admin.formEditor.deleteFailed' })} />
            </Box>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </AdminPage>
  );
}

function DeleteFormSection({ onDelete }: { onDelete: () => void }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId}>
        <FormattedMessage id="admin.formEditor.deleteHeading" />
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        <FormattedMessage id="admin.formEditor.deleteIntro" />
      </Typography>
      <Button variant="outlined" color="error" startIcon={<DeleteOutlinedIcon aria-hidden />} onClick={onDelete}>
        <FormattedMessage id="admin.formEditor.deleteButton" />
      </Button>
    </Paper>
  );
}
