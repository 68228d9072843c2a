import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type Dispatch } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { visuallyHidden } from '@/components/visuallyHidden';
import { GROUP_TYPE_GRADING, GROUP_TYPE_TEXT, type GroupType } from '../types';
import { FORM_LIMITS, newKey, type DraftAction, type DraftForm, type Direction } from './editorModel';

/** Where the focus goes after an action: an element id, another when that one is gone or disabled. */
interface FocusTarget {
  id: string;
  fallback?: string;
  select?: boolean;
}

/** Fields the editor checks before saving, by element id. */
export type DraftErrors = Record<string, string>;

interface FormEditorProps {
  draft: DraftForm;
  dispatch: Dispatch<DraftAction>;
  /** Messages for invalid fields, by the field's element id (see {@link fieldIds}). */
  errors?: DraftErrors;
  /** Prefix of the element ids, so a test or page can find fields. */
  idPrefix: string;
}

/** Element ids of the editor's fields. */
export const fieldIds = (prefix: string) => ({
  name: `${prefix}-name`,
  groupName: (groupKey: string) => `${prefix}-${groupKey}-name`,
  questionText: (questionKey: string) => `${prefix}-${questionKey}-text`,
  helpText: (questionKey: string) => `${prefix}-${questionKey}-help`,
  addQuestion: (groupKey: string) => `${prefix}-${groupKey}-add`,
  addGroup: `${prefix}-add-group`,
  move: (itemKey: string, direction: Direction) => `${prefix}-${itemKey}-${direction < 0 ? 'up' : 'down'}`,
});

/** Checks a draft before saving: every name and question filled in. Messages by element id. */
export function checkDraft(draft: DraftForm, idPrefix: string, messages: { required: string }): DraftErrors {
  const ids = fieldIds(idPrefix);
  const errors: DraftErrors = {};
  if (draft.name.trim() === '') errors[ids.name] = messages.required;
  for (const group of draft.groups) {
    if (group.name.trim() === '') errors[ids.groupName(group.key)] = messages.required;
    for (const question of group.questions) {
      if (question.text.trim() === '') errors[ids.questionText(question.key)] = messages.required;
    }
  }
  return errors;
}

/**
 * The edit tab of the form editor: the form's name and main-form flag, then
 * each group with its name, type and questions. Groups and questions are
 * added, deleted and moved with buttons, so everything works by keyboard;
 * after a move the focus stays on the moved item's button and a status
 * message tells its new place.
 */
export function FormEditor({ draft, dispatch, errors = {}, idPrefix }: FormEditorProps) {
  const intl = useIntl();
  const ids = fieldIds(idPrefix);
  // The element to focus after the next render (a moved item's button, a new field).
  const pendingFocus = useRef<FocusTarget | null>(null);
  const setFocusTarget = (target: FocusTarget) => {
    pendingFocus.current = target;
  };
  const [announcement, setAnnouncement] = useState('');

  // After the render that follows an action, move the focus where the action asked.
  useEffect(() => {
    const focusTarget = pendingFocus.current;
    if (!focusTarget) return;
    pendingFocus.current = null;
    const element =
      document.getElementById(focusTarget.id) ??
      (focusTarget.fallback ? document.getElementById(focusTarget.fallback) : null);
    const usable =
      element && !(element as HTMLButtonElement).disabled
        ? element
        : focusTarget.fallback
          ? document.getElementById(focusTarget.fallback)
          : null;
    if (usable) {
      usable.focus();
      if (focusTarget.select && usable instanceof HTMLInputElement) usable.select();
      if (focusTarget.select && usable instanceof HTMLTextAreaElement) usable.select();
    }
  });

  const moveGroup = (groupKey: string, index: number, direction: Direction) => {
    dispatch({ type: 'moveGroup', groupKey, direction });
    setFocusTarget({ id: ids.move(groupKey, direction), fallback: ids.move(groupKey, -direction as Direction) });
    setAnnouncement(
      intl.formatMessage(
        { id: 'admin.formEditor.groupMoved' },
        { position: index + 1 + direction, count: draft.groups.length },
      ),
    );
  };

  const addGroup = () => {
    const key = newKey('g');
    dispatch({ type: 'addGroup', key, name: intl.formatMessage({ id: 'admin.formEditor.newGroupName' }) });
    setFocusTarget({ id: ids.groupName(key), select: true });
  };

  return (
    <Stack spacing={3}>
      <Box aria-live="polite" role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <TextField
            id={ids.name}
            label={intl.formatMessage({ id: 'admin.formEditor.name' })}
            value={draft.name}
            onChange={(event) => dispatch({ type: 'setName', name: event.target.value })}
            required
            fullWidth
            error={Boolean(errors[ids.name])}
            helperText={errors[ids.name]}
            slotProps={{ htmlInput: { maxLength: FORM_LIMITS.name } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.isMainForm}
                onChange={(event) => dispatch({ type: 'setMainForm', isMainForm: event.target.checked })}
              />
            }
            label={intl.formatMessage({ id: 'admin.formEditor.mainForm' })}
          />
          <Typography sx={{ color: 'text.secondary', mt: '0 !important' }}>
            <FormattedMessage id="admin.formEditor.mainFormHelp" />
          </Typography>
        </Stack>
      </Paper>

      {draft.groups.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          <FormattedMessage id="admin.formEditor.noGroups" />
        </Typography>
      ) : null}

      {draft.groups.map((group, groupIndex) => (
        <GroupEditor
          key={group.key}
          draft={draft}
          groupIndex={groupIndex}
          dispatch={dispatch}
          errors={errors}
          ids={ids}
          onMove={(direction) => moveGroup(group.key, groupIndex, direction)}
          onDelete={() => {
            const next = draft.groups[groupIndex + 1] ?? draft.groups[groupIndex - 1];
            dispatch({ type: 'removeGroup', groupKey: group.key });
            setFocusTarget({ id: next ? ids.groupName(next.key) : ids.addGroup });
            setAnnouncement(intl.formatMessage({ id: 'admin.formEditor.groupDeleted' }, { name: group.name }));
          }}
          setFocusTarget={setFocusTarget}
          setAnnouncement={setAnnouncement}
        />
      ))}

      <Box>
        <Button id={ids.addGroup} variant="outlined" startIcon={<AddIcon aria-hidden />} onClick={addGroup}>
          <FormattedMessage id="admin.formEditor.addGroup" />
        </Button>
      </Box>
    </Stack>
  );
}

interface GroupEditorProps {
  draft: DraftForm;
  groupIndex: number;
  dispatch: Dispatch<DraftAction>;
  errors: DraftErrors;
  ids: ReturnType<typeof fieldIds>;
  onMove: (direction: Direction) => void;
  onDelete: () => void;
  setFocusTarget: (target: FocusTarget) => void;
  setAnnouncement: (text: string) => void;
}

function GroupEditor({
  draft,
  groupIndex,
  dispatch,
  errors,
  ids,
  onMove,
  onDelete,
  setFocusTarget,
  setAnnouncement,
}: GroupEditorProps) {
  const intl = useIntl();
  const headingId = useId();
  const group = draft.groups[groupIndex];
  if (!group) return null;
  const number = groupIndex + 1;
  const groupCount = draft.groups.length;
  const groupKey = group.key;

  const addQuestion = () => {
    const key = newKey('q');
    dispatch({
      type: 'addQuestion',
      groupKey,
      key,
      text: intl.formatMessage({ id: 'admin.formEditor.newQuestionText' }),
    });
    setFocusTarget({ id: ids.questionText(key), select: true });
  };

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h2" id={headingId} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          <FormattedMessage id="admin.formEditor.groupHeading" values={{ number, name: group.name }} />
        </Typography>
        <MoveButtons
          ids={ids}
          itemKey={groupKey}
          index={groupIndex}
          count={groupCount}
          labels={{
            up: intl.formatMessage({ id: 'admin.formEditor.moveGroupUp' }, { number }),
            down: intl.formatMessage({ id: 'admin.formEditor.moveGroupDown' }, { number }),
            remove: intl.formatMessage({ id: 'admin.formEditor.deleteGroup' }, { number }),
          }}
          onMove={onMove}
          onDelete={onDelete}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          id={ids.groupName(groupKey)}
          label={intl.formatMessage({ id: 'admin.formEditor.groupName' })}
          value={group.name}
          onChange={(event) => dispatch({ type: 'setGroupName', groupKey, name: event.target.value })}
          required
          error={Boolean(errors[ids.groupName(groupKey)])}
          helperText={errors[ids.groupName(groupKey)]}
          slotProps={{ htmlInput: { maxLength: FORM_LIMITS.groupName } }}
        />
        <TextField
          select
          label={intl.formatMessage({ id: 'admin.formEditor.groupType' })}
          value={group.type}
          onChange={(event) =>
            dispatch({ type: 'setGroupType', groupKey, groupType: Number(event.target.value) as GroupType })
          }
        >
          <MenuItem value={GROUP_TYPE_GRADING}>{intl.formatMessage({ id: 'admin.formEditor.typeGrading' })}</MenuItem>
          <MenuItem value={GROUP_TYPE_TEXT}>{intl.formatMessage({ id: 'admin.formEditor.typeText' })}</MenuItem>
        </TextField>
      </Box>

      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
        {group.questions.map((question, questionIndex) => {
          const qNumber = questionIndex + 1;
          const questionKey = question.key;
          const helpOn = question.helpText !== null;
          return (
            <Box
              component="li"
              key={questionKey}
              sx={{ borderLeft: 4, borderColor: 'divider', pl: { xs: 1.5, sm: 2 }, py: 0.5 }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
                  <FormattedMessage id="admin.formEditor.questionHeading" values={{ number: qNumber }} />
                </Typography>
                <MoveButtons
                  ids={ids}
                  itemKey={questionKey}
                  index={questionIndex}
                  count={group.questions.length}
                  labels={{
                    up: intl.formatMessage({ id: 'admin.formEditor.moveQuestionUp' }, { number: qNumber, group: number }),
                    down: intl.formatMessage({ id: 'admin.formEditor.moveQuestionDown' }, { number: qNumber, group: number }),
                    remove: intl.formatMessage({ id: 'admin.formEditor.deleteQuestion' }, { number: qNumber, group: number }),
                  }}
                  onMove={(direction) => {
                    dispatch({ type: 'moveQuestion', groupKey, questionKey, direction });
                    setFocusTarget({
                      id: ids.move(questionKey, direction),
                      fallback: ids.move(questionKey, -direction as Direction),
                    });
                    setAnnouncement(
                      intl.formatMessage(
                        { id: 'admin.formEditor.questionMoved' },
                        { position: qNumber + direction, count: group.questions.length },
                      ),
                    );
                  }}
                  onDelete={() => {
                    const next = group.questions[questionIndex + 1] ?? group.questions[questionIndex - 1];
                    dispatch({ type: 'removeQuestion', groupKey, questionKey });
                    setFocusTarget({ id: next ? ids.questionText(next.key) : ids.addQuestion(groupKey) });
                    setAnnouncement(intl.formatMessage({ id: 'admin.formEditor.questionDeleted' }));
                  }}
                />
              </Box>
                <Stack spacing={1}>
                  <TextField
                    id={ids.questionText(questionKey)}
                    label={intl.formatMessage({ id: 'admin.formEditor.questionText' }, { number: qNumber })}
                    value={question.text}
                    onChange={(event) =>
                      dispatch({ type: 'setQuestionText', groupKey, questionKey, text: event.target.value })
                    }
                    required
                    multiline
                    minRows={1}
                    fullWidth
                    error={Boolean(errors[ids.questionText(questionKey)])}
                    helperText={errors[ids.questionText(questionKey)]}
                    slotProps={{ htmlInput: { maxLength: FORM_LIMITS.questionText } }}
                  />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={helpOn}
                        onChange={(event) => {
                          dispatch({ type: 'setHelpTextEnabled', groupKey, questionKey, enabled: event.target.checked });
                          if (event.target.checked) setFocusTarget({ id: ids.helpText(questionKey) });
                        }}
                      />
                    }
                    label={intl.formatMessage({ id: 'admin.formEditor.helpTextToggle' }, { number: qNumber })}
                  />
                  {helpOn ? (
                    <TextField
                      id={ids.helpText(questionKey)}
                      label={intl.formatMessage({ id: 'admin.formEditor.helpText' }, { number: qNumber })}
                      value={question.helpText ?? ''}
                      onChange={(event) =>
                        dispatch({ type: 'setHelpText', groupKey, questionKey, helpText: event.target.value })
                      }
                      multiline
                      minRows={2}
                      fullWidth
                      helperText={intl.formatMessage({ id: 'admin.formEditor.helpTextHelp' })}
                      slotProps={{ htmlInput: { maxLength: FORM_LIMITS.helpText } }}
                    />
                  ) : null}
                </Stack>
            </Box>
          );
        })}
      </Stack>
      {group.questions.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>
          <FormattedMessage id="admin.formEditor.noQuestions" />
        </Typography>
      ) : null}
      <Button
        id={ids.addQuestion(groupKey)}
        startIcon={<AddIcon aria-hidden />}
        onClick={addQuestion}
        sx={{ mt: 2 }}
        aria-label={intl.formatMessage({ id: 'admin.formEditor.addQuestionTo' }, { number })}
      >
        <FormattedMessage id="admin.formEditor.addQuestion" />
      </Button>
    </Paper>
  );
}

interface MoveButtonsProps {
  ids: ReturnType<typeof fieldIds>;
  itemKey: string;
  index: number;
  count: number;
  labels: { up: string; down: string; remove: string };
  onMove: (direction: Direction) => void;
  onDelete: () => void;
}

/** Move up, move down and delete, as labelled icon buttons (48 px targets). */
function MoveButtons({ ids, itemKey, index, count, labels, onMove, onDelete }: MoveButtonsProps) {
  const size = { width: 48, height: 48 } as const;
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <IconButton
        id={ids.move(itemKey, -1)}
        aria-label={labels.up}
        title={labels.up}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        sx={size}
      >
        <ArrowUpwardIcon />
      </IconButton>
      <IconButton
        id={ids.move(itemKey, 1)}
        aria-label={labels.down}
        title={labels.down}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        sx={size}
      >
        <ArrowDownwardIcon />
      </IconButton>
      <IconButton aria-label={labels.remove} title={labels.remove} onClick={onDelete} sx={{ ...size, color: 'error.main' }}>
        <DeleteOutlinedIcon />
      </IconButton>
    </Box>
  );
}
