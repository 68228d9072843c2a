/**
 * Text colour for what needs attention (late, missing, below expectation):
 * an amber dark enough for 4.5:1 on white and on the attention background.
 */
export const ATTENTION_TEXT = '#8a3c00';

/** A faint amber behind rows and badges that need attention. */
export const ATTENTION_BACKGROUND = 'rgba(237, 108, 2, 0.08)';
