import type { z } from 'zod';

/** The OpenAPI marker on every operation, parameter and field that the contract (api-v1) does not define. */
export const EXTENSION_MARK = 'x-folio-extension';

/** How the description of an extension begins, so that it reads as one too. */
export const EXTENSION_NOTE = 'Extension of the contract.';

/**
 * Marks a parameter or field as an extension of the contract: `x-folio-extension: true` and a description
 * beginning with EXTENSION_NOTE, in the OpenAPI document generated from the schema.
 */
export function extension<T extends z.ZodType>(schema: T, description: string): T {
  return schema.meta({ [EXTENSION_MARK]: true, description: `${EXTENSION_NOTE} ${description}` }) as T;
}
