import { describe, expect, it } from 'vitest';
import { buildTheme, DEFAULT_COLOURS } from './buildTheme';
import { AA_TEXT_CONTRAST, BLACK, contrastRatio, ensureContrast, pickContrastText, WHITE } from './contrast';

describe('pickContrastText', () => {
  it.each(['#00509E', '#2E7D32', '#6A1B9A'])('uses white on the dark colour %s', (colour) => {
    expect(pickContrastText(colour)).toBe(WHITE);
  });

  it.each(['#E0A800', '#FFFFFF', '#FFEB3B', '#7FBFFF'])('uses black on the light colour %s', (colour) => {
    expect(pickContrastText(colour)).toBe(BLACK);
  });

  it('always reaches AA across the whole grey range', () => {
    for (let level = 0; level <= 255; level += 5) {
      const hex = level.toString(16).padStart(2, '0');
      const grey = `#${hex}${hex}${hex}`;
      expect(contrastRatio(pickContrastText(grey), grey)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });
});

describe('ensureContrast', () => {
  it('keeps a colour that is already readable', () => {
    expect(ensureContrast('#00509E', ['#ffffff'])).toBe('#00509E');
  });

  it('darkens a light colour until it is readable', () => {
    const result = ensureContrast('#E0A800', ['#ffffff', '#f4f6f8']);
    expect(contrastRatio(result, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(result, '#f4f6f8')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});

describe('buildTheme', () => {
  it.each([
    { primaryColor: '#00509E', secondaryColor: '#E0A800' },
    { primaryColor: '#2E7D32', secondaryColor: '#6A1B9A' },
  ])('gives AA text on the demo colours $primaryColor / $secondaryColor', (colours) => {
    const { palette } = buildTheme(colours);
    expect(palette.primary.main).toBe(colours.primaryColor);
    expect(palette.secondary.main).toBe(colours.secondaryColor);
    expect(contrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(palette.secondary.contrastText, palette.secondary.main)).toBeGreaterThanOrEqual(
      AA_TEXT_CONTRAST,
    );
    expect(contrastRatio(palette.primaryText, palette.background.default)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('uses dark text on a light school colour', () => {
    const { palette } = buildTheme({ primaryColor: '#E0A800', secondaryColor: '#FFF59D' });
    expect(palette.primary.contrastText).toBe(BLACK);
    expect(palette.secondary.contrastText).toBe(BLACK);
    expect(contrastRatio(palette.primaryText, palette.background.paper)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('derives light and dark shades from the school colour', () => {
    const { palette } = buildTheme({ primaryColor: '#2E7D32', secondaryColor: '#6A1B9A' });
    expect(palette.primary.dark).not.toBe(buildTheme().palette.primary.dark);
  });

  it('falls back to the default colours when a colour is invalid or missing', () => {
    const { palette } = buildTheme({ primaryColor: 'red; background: url(x)', secondaryColor: '' });
    expect(palette.primary.main).toBe(DEFAULT_COLOURS.primaryColor);
    expect(palette.secondary.main).toBe(DEFAULT_COLOURS.secondaryColor);
    expect(buildTheme(null).palette.primary.main).toBe(DEFAULT_COLOURS.primaryColor);
  });
});

describe('headings', () => {
  it('break long Norwegian words with a hyphen rather than overflow a phone', () => {
    const { typography } = buildTheme(DEFAULT_COLOURS);
    expect(typography.h1).toMatchObject({ hyphens: 'auto', overflowWrap: 'anywhere' });
  });
});
