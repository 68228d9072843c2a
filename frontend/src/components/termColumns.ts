/**
 * The columns of a description list laid out as a grid, each term beside
 * its details. A term takes at most half the width (a long one wraps), and
 * the details take the rest and may shrink below their longest word, so
 * that the list stays inside its card on the narrowest phone, in every
 * language.
 */
export const TERM_COLUMNS = 'fit-content(50%) minmax(0, 1fr)';
