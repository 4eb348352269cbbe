import type { FastifyRequest } from 'fastify';
import { MSG } from '@vm/shared/messages';
import { badRequest, type HttpError } from '../../lib/http-errors.ts';

/**
 * Reads every file of `field` from a multipart request into memory. Files over the size limit are
 * refused by @fastify/multipart itself (413); more than `maxFiles` files is refused here before
 * any of them is processed. Other fields are drained and ignored.
 */
export async function readUploadedFiles(
  request: FastifyRequest,
  field: string,
  maxFiles: number,
  tooMany: HttpError,
): Promise<Buffer[]> {
  if (!request.isMultipart()) throw badRequest(MSG.noFile);
  const files: Buffer[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== field) {
      part.file.resume();
      continue;
    }
    if (files.length >= maxFiles) {
      part.file.resume();
      throw tooMany;
    }
    files.push(await part.toBuffer());
  }
  if (files.length === 0) throw badRequest(MSG.noFile);
  return files;
}
