import { FormData as UpstreamForm } from 'undici';
import { RelayError } from './relay-error';
import { headerOf, readBody, type RelayRequest } from './relay-request';

/** OpenAI's own limit for audio uploads. */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Reads a multipart upload (audio transcriptions) with a size limit. */
export async function readMultipart(request: RelayRequest): Promise<FormData> {
  const type = headerOf(request.headers, 'content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw new RelayError(400, '请以 multipart/form-data 上传音频文件', 'invalid_request_error', 'invalid_content_type');
  const raw = await readBody(request.stream, MAX_UPLOAD_BYTES, '上传文件过大（最大 25 MB）');
  try {
    return await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new RelayError(400, '无法解析上传的表单', 'invalid_request_error', 'invalid_form');
  }
}

/** The text fields of a form, for the model name and the request estimate. */
export const formFields = (form: FormData): Record<string, unknown> =>
  Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));

/** A copy of the form for the upstream (undici's own FormData), with the model replaced (model_mapping). */
export function withModel(form: FormData, model: string): UpstreamForm {
  const copy = new UpstreamForm();
  for (const [name, value] of form.entries()) copy.append(name, name === 'model' ? model : value);
  return copy;
}
