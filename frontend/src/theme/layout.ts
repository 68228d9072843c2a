/**
 * Layout rules shared by screens that must fit the narrowest phone
 * (320 CSS pixels, the width of WCAG 2.1's reflow criterion) in every
 * language.
 */

/**
 * The columns of a description list laid out as a grid, each term beside
 * its details. A term takes at most half the width (a long one wraps), and
 * the details take the rest and may shrink below their longest word, so
 * that the list stays inside its card.
 */
export const TERM_COLUMNS = 'fit-content(50%) minmax(0, 1fr)';

/**
 * An `sx` key for phones narrower than 340 CSS pixels, where two columns
 * of Norwegian words ('Uselvstendig') no longer fit side by side.
 */
export const NARROWEST_PHONES = '@media (max-width: 339.95px)';
