import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '@/components/ErrorBox';
import { useToast } from '@/components/toast/useToast';
import {
  useGetAllClassesQuery,
  useGetMatchingClassesQuery,
  useJoinClassMutation,
} from '@/features/placement/api/placementApi';
import { EmptyState, LoadFailed, Loading } from '@/components/Feedback';
import { joinOptions } from '../joinOrder';

interface JoinClassFormProps {
  /** Called after the student has joined. */
  onJoined?: () => void;
}

/**
 * The classes a student can join, those matching their Feide course groups
 * first, as a required radio choice (spec §5), and the join button. A failed
 * join shows the error and fetches the list again.
 */
export function JoinClassForm({ onJoined }: JoinClassFormProps) {
  const intl = useIntl();
  const toast = useToast();
  const legendId = useId();
  const errorId = useId();
  const matching = useGetMatchingClassesQuery();
  const all = useGetAllClassesQuery();
  const [join, joining] = useJoinClassMutation();
  const [choice, setChoice] = useState<string>('');
  const [missing, setMissing] = useState(false);
  const group = useRef<HTMLDivElement>(null);

  if (matching.isLoading || all.isLoading) return <Loading label={intl.formatMessage({ id: 'student.join.loading' })} />;
  if (all.error || !all.data) {
    return (
      <LoadFailed
        error={all.error}
        message={intl.formatMessage({ id: 'student.join.loadFailed' })}
        retry={() => {
          void matching.refetch();
          void all.refetch();
        }}
      />
    );
  }

  // Without Feide course groups the list is simply every open class.
  const options = joinOptions(matching.data ?? [], all.data);
  if (options.length === 0) {
    return (
      <EmptyState>
        <FormattedMessage id="student.join.none" />
      </EmptyState>
    );
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!choice) {
      setMissing(true);
      group.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    const classId = Number(choice);
    const chosen = options.find((option) => option.cls.id === classId);
    try {
      await join(classId).unwrap();
      toast.show('student.join.joined', 'success', { code: chosen?.cls.subject.subjectCode ?? '' });
      onJoined?.();
    } catch {
      // The error shows below the list; the list is fetched again.
      setChoice('');
      void matching.refetch();
      void all.refetch();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2.5}>
        {matching.error ? (
          <Alert severity="info">
            <FormattedMessage id="student.join.noMatching" />
          </Alert>
        ) : null}
        <FormControl error={missing} required component="fieldset" sx={{ minWidth: 0 }}>
          <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
            <FormattedMessage id="student.join.legend" />
          </FormLabel>
          <RadioGroup
            ref={group}
            name="classId"
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
              setMissing(false);
              joining.reset();
            }}
            aria-describedby={missing ? errorId : undefined}
          >
            <Stack spacing={1}>
              {options.map(({ cls, matching: isMatching }) => (
                <FormControlLabel
                  key={cls.id}
                  value={String(cls.id)}
                  control={<Radio slotProps={{ input: { required: true } }} />}
                  sx={{
                    m: 0,
                    p: 1.5,
                    pr: 2,
                    border: 1,
                    borderColor: choice === String(cls.id) ? 'primary.main' : 'divider',
                    borderRadius: 1,
                    alignItems: 'flex-start',
                    '& .MuiRadio-root': { mt: -0.5 },
                  }}
                  label={
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {intl.formatMessage(
                          { id: 'student.join.option' },
                          { code: cls.subject.subjectCode, name: cls.subject.name },
                        )}
                      </Typography>
                      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {cls.period.name}
                        </Typography>
                        {isMatching ? (
                          <Chip size="small" color="success" variant="outlined" label={intl.formatMessage({ id: 'student.join.matching' })} />
                        ) : null}
                      </Stack>
                    </Box>
                  }
                />
              ))}
            </Stack>
          </RadioGroup>
          {missing ? (
            <FormHelperText id={errorId} sx={{ mx: 0, mt: 1 }}>
              <FormattedMessage id="student.join.required" />
            </FormHelperText>
          ) : null}
        </FormControl>
        {joining.error ? (
          <ErrorBox error={joining.error} message={intl.formatMessage({ id: 'student.join.failed' })} />
        ) : null}
        <Box>
          <Button type="submit" variant="contained" size="large" loading={joining.isLoading} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <FormattedMessage id="student.join.submit" />
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
