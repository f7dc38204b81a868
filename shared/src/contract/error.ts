import { z } from 'zod';

/** Every error code of the contract with its HTTP status and default messages (Spanish, English). */
export const CODIGOS_ERROR = {
  peticion_invalida: { estado: 400, mensaje: 'La petición no es válida.', message: 'The request is invalid.' },
  no_autenticado: {
    estado: 401,
    mensaje: 'Falta la clave de API, no es válida o fue revocada.',
    message: 'The API key is missing, wrong or revoked.',
  },
  cuota_superada: { estado: 402, mensaje: 'Se agotó una cuota de tu plan.', message: 'A plan quota is used up.' },
  requiere_pro: {
    estado: 402,
    mensaje: 'Esta función requiere un plan superior.',
    message: 'This feature needs a higher plan.',
  },
  prohibido: {
    estado: 403,
    mensaje: 'La clave no tiene el permiso necesario.',
    message: 'The key lacks the required scope.',
  },
  no_encontrado: {
    estado: 404,
    mensaje: 'El recurso no existe o no es tuyo.',
    message: 'The resource does not exist or is not yours.',
  },
  conflicto: {
    estado: 409,
    mensaje: 'Choca con el estado actual del recurso.',
    message: 'Clash with the current state.',
  },
  demasiado_grande: { estado: 413, mensaje: 'La petición es demasiado grande.', message: 'The request is too large.' },
  limite_de_ritmo: {
    estado: 429,
    mensaje: 'Demasiadas peticiones; espera los segundos de Retry-After.',
    message: 'Too many requests; wait the seconds in Retry-After.',
  },
  interno: {
    estado: 500,
    mensaje: 'Error interno del servidor.',
    message: 'Internal server error.',
  },
  no_disponible: {
    estado: 501,
    mensaje: 'Esta operación aún no está disponible en este servidor.',
    message: 'This operation is not available on this server yet.',
  },
  proveedor_fallo: {
    estado: 502,
    mensaje: 'Falló un proveedor de IA; vuelve a intentarlo.',
    message: 'An AI provider failed; retry.',
  },
} as const satisfies Record<string, { estado: number; mensaje: string; message: string }>;

export type CodigoError = keyof typeof CODIGOS_ERROR;
export const CodigoError = z.enum(Object.keys(CODIGOS_ERROR) as [CodigoError, ...CodigoError[]]);

export const ErrorApi = z
  .object({
    error: z.object({
      codigo: CodigoError.describe('Stable code.'),
      mensaje: z.string().describe('What happened, in Spanish.'),
      message: z.string().describe('The same, in English.'),
      estado: z.int().describe('HTTP status.'),
      documentacion: z.url().optional(),
      detalles: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorApi = z.infer<typeof ErrorApi>;
