/**
 * Reads a file answer (a PDF, a CSV) as a Blob, an error answer as JSON (or
 * text) for the usual error shape; the response handler of every download.
 */
export async function fileOrError(response: Response): Promise<unknown> {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
