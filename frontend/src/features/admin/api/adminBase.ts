import type { FetchArgs, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';
import { api } from '@/api/apiSlice';
import { fileOrError } from '@/api/fileOrError';
import { saveFile } from '../download';

/**
 * The api slice with the cache tags of the administration screens. Each
 * resource has its own tag, so a change refreshes exactly the screens that
 * show it; `Tenant` (the school's public texts and theme) belongs to the
 * app and is refreshed when an admin edits them.
 */
export const adminApi = api.enhanceEndpoints({
  addTagTypes: ['Form', 'Subject', 'Period', 'NextPeriod', 'Class', 'ClassUsers', 'AdvisorStudents', 'Expectation', 'User', 'SchoolTexts'],
});

/** A list's tag, next to the tags of its items. */
export const LIST = 'LIST';

type BaseQueryResult = QueryReturnValue<unknown, FetchBaseQueryError>;
type BaseQuery = (args: string | FetchArgs) => PromiseLike<BaseQueryResult> | BaseQueryResult;

/**
 * Downloads a file from the API with the usual headers and error handling
 * and saves it under `fileName`. The Blob never enters the store.
 */
export async function downloadWith(
  baseQuery: BaseQuery,
  url: string,
  fileName: string,
): Promise<{ data: null } | { error: FetchBaseQueryError }> {
  const result = await baseQuery({ url, responseHandler: fileOrError });
  if (result.error) return { error: result.error };
  if (!(result.data instanceof Blob)) {
    return { error: { status: 'CUSTOM_ERROR', error: 'The server did not send a file' } };
  }
  saveFile(result.data, fileName);
  return { data: null };
}
