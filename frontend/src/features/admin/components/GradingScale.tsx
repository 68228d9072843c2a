import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/i18n/messages';
import { GRADING_LEVELS, NOT_RELEVANT } from '../types';

/** Message ids of the five levels of the independence scale, by value. */
export const GRADING_LABELS: Record<(typeof GRADING_LEVELS)[number], MessageId> = {
  0: 'admin.grading.0',
  1: 'admin.grading.1',
  2: 'admin.grading.2',
  3: 'admin.grading.3',
  4: 'admin.grading.4',
};

/** The value that means no expectation (an empty answer). */
export const NO_VALUE = '';

interface GradingScaleProps {
  /** The question, as the group's label. */
  label: ReactNode;
  /** "0"–"4", "5" for not relevant, "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** Offer "no expectation" as a choice (expectations may be left open). */
  allowNone?: boolean;
  /** Under the question, e.g. help for the supervisor. */
  children?: ReactNode;
}

/**
 * A graded question: the five levels of the independence scale and "not
 * relevant" (the value one past the last level) as radio buttons.
 */
export function GradingScale({ label, value, onChange, allowNone = false, children }: GradingScaleProps) {
  const intl = useIntl();
  return (
    <FormControl component="fieldset" sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5, '&.Mui-focused': { color: 'text.primary' } }}>
        {label}
      </FormLabel>
      {children}
      <RadioGroup
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(11rem, 1fr))' }, columnGap: 1 }}
      >
        {GRADING_LEVELS.map((level) => (
          <FormControlLabel
            key={level}
            value={String(level)}
            control={<Radio />}
            label={intl.formatMessage({ id: GRADING_LABELS[level] })}
          />
        ))}
        <FormControlLabel
          value={String(NOT_RELEVANT)}
          control={<Radio />}
          label={intl.formatMessage({ id: 'admin.grading.notRelevant' })}
        />
        {allowNone ? (
          <FormControlLabel
            value={NO_VALUE}
            control={<Radio />}
            label={intl.formatMessage({ id: 'admin.grading.none' })}
          />
        ) : null}
      </RadioGroup>
    </FormControl>
  );
}
