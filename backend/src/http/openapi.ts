import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env';

/**
 * The licence the document states. The project grants none yet (its package is private and it has no
 * LICENSE file), so it says so with npm's word for that; change it here when the owner picks a licence.
 */
export const API_LICENSE = { name: 'UNLICENSED' } as const;

/**
 * The OpenAPI 3.1 document of the versioned API, generated from the operations registered with
 * `operation()`. Extensions of the contract carry `x-folio-extension: true` (see `extension()` in shared).
 */
export function openApiDocument(api: OpenAPIHono<AppEnv>, publicUrl: string) {
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Folio API',
      version: '1.0.0',
      description:
        'Upload, list, read, search, ask, cite and verify against a personal research library. Operations, ' +
        'parameters and fields marked `x-folio-extension: true` (their description begins “Extension of the ' +
        'contract.”) go beyond the contract api-v1; everything else is the contract.',
      license: API_LICENSE,
    },
    servers: [{ url: `${publicUrl}/api/v1` }],
  });
}
