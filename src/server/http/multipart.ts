import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages';
import { checkPhotoSize } from '../../domain/schemas';
import { HttpError, badRequest } from './errors';

/**
 * Reads a multipart upload (a photo, the shop's logo) before the transaction opens: the file field `myfile` within the
 * photos' 10 MB, and the text fields. A form that is no form, is cut short or has no boundary is the client's fault
 * and answers 400 with `notForm` (busboy throws those bare, which answered 500); the parser's own refusals (too
 * large, too many parts) keep their status; an empty or missing file is `missing`.
 */
export async function readUploadForm(
  req: FastifyRequest,
  messages: { notForm: string; missing: string },
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest(messages.notForm);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (!checkPhotoSize(buffer.length).ok || part.file.truncated) throw new HttpError(413, MSG.fileTooLarge);
        if (part.fieldname === 'myfile') file = buffer;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof HttpError || (err instanceof Error && 'statusCode' in err)) throw err;
    throw badRequest(messages.notForm);
  }
  if (!file || file.length === 0) throw badRequest(messages.missing);
  return { file, fields };
}
