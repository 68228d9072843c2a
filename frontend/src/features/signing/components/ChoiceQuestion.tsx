import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSigningFormat } from '../format';
import type { SigningAnswer } from '../types';

interface ChoiceQuestionProps<T extends SigningAnswer> {
  /** The input name, also the field the server names in a 400. */
  name: string;
  label: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  /** The server's complaint about this field, if any. */
  serverError?: string | null;
  disabled?: boolean;
}

/**
 * A required radio question (yes/no, with "not relevant" where allowed, or
 * passed/failed). The browser refuses to submit the form without an answer;
 * the field then says so under the question as well.
 */
export function ChoiceQuestion<T extends SigningAnswer>({
  name,
  label,
  options,
  value,
  onChange,
  serverError,
  disabled = false,
}: ChoiceQuestionProps<T>) {
  const intl = useIntl();
  const format = useSigningFormat();
  const labelId = useId();
  const helpId = useId();
  const [missing, setMissing] = useState(false);
  const message = serverError ?? (missing && value === null ? intl.formatMessage({ id: 'signing.required' }) : null);

  return (
    <FormControl
      component="fieldset"
      required
      error={message !== null}
      disabled={disabled}
      sx={{ display: 'block', border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <FormLabel
        component="legend"
        id={labelId}
        sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5, '&.Mui-focused:not(.Mui-error)': { color: 'text.primary' } }}
      >
        {label}
      </FormLabel>
      <RadioGroup
        row
        name={name}
        value={value ?? ''}
        onChange={(event) => {
          setMissing(false);
          onChange(event.target.value as T);
        }}
        aria-labelledby={labelId}
        aria-describedby={message ? helpId : undefined}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            label={format.answer(option)}
            sx={{ mr: 3, minHeight: 44 }}
            control={
              <Radio
                slotProps={{
                  // Required on the inputs themselves, so the browser checks the group, while
                  // the options carry no asterisk of their own (the question has it).
                  input: { required: true, onInvalid: () => setMissing(true) },
                }}
              />
            }
          />
        ))}
      </RadioGroup>
      {message ? <FormHelperText id={helpId} sx={{ mx: 0 }}>{message}</FormHelperText> : null}
    </FormControl>
  );
}
