/** The number of characters in a text as a person (and the server) counts them: code points, not UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _char of text) count += 1;
  return count;
}

/**
 * The text cut to at most `max` characters, so input past a limit is
 * ignored (spec §5: comments at most 4000 characters). Counts code points,
 * as the server does, so an emoji is one character.
 */
export function limitText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (characterCount(text) <= max) return text;
  return Array.from(text).slice(0, max).join('');
}
