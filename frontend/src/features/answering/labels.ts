import { SCALE } from '@/features/scale/statements';
import type { Language } from '@/i18n/language';
import type { GradingOption } from './types';

/**
 * A grading label in the user's language. The five labels of the
 * independence scale are stored in Bokmål; in Nynorsk and English the scale's
 * own names in that language are shown. Any other label is shown as stored.
 */
export function optionLabel(option: GradingOption, language: Language): string {
  const level = SCALE[option.value];
  if (language !== 'nb' && level?.value === option.value && level.nb.name === option.label) return level[language].name;
  return option.label;
}

/** The value an answer stores for "not relevant": the number of labels (spec §3). */
export function notRelevantValue(options: readonly GradingOption[]): string {
  return String(options.length);
}
