import { ApiError } from '@/api/api-error';
import { apiUpload } from '@/api/api-upload';
import type { SearchPage } from '@/types/search';
import { pictureOf } from '../lib/picture-store';

/**
 * POST /search/similar/{page}/{pageSize}: the archive ranked by likeness to a kept picture
 * (`pictureId`), the search form's other fields narrowing it. A picture this browser no longer
 * has is refused like an unreadable one.
 */
export async function searchSimilar(pictureId: string, form: Record<string, string>, page: number, pageSize: number, signal?: AbortSignal): Promise<SearchPage> {
  const picture = pictureOf(pictureId);
  if (!picture) throw new ApiError(400, 'similar_image_unusable', 'the picture is no longer in this browser');
  const body = new FormData();
  for (const [name, value] of Object.entries(form)) body.append(name, value);
  body.append('similarImage', picture, 'picture');
  const answer = await apiUpload<Partial<SearchPage>>(`/search/similar/${page}/${pageSize}`, body, { method: 'POST', signal });
  return {
    results: Array.isArray(answer.results) ? answer.results : [],
    totalCount: answer.totalCount ?? 0,
    totalPage: answer.totalPage ?? 0,
    currentPage: answer.currentPage ?? page,
    pageSize: answer.pageSize ?? pageSize,
  };
}
