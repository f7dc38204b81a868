import type { z } from 'zod';
import { AppError } from '../errors';

function describeEs(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'es obligatorio' : `debe ser de tipo ${issue.expected}`;
    case 'too_big':
      return `supera el máximo (${String(issue.maximum)})`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'no puede estar vacío'
        : `está por debajo del mínimo (${String(issue.minimum)})`;
    case 'invalid_value':
      return `debe ser uno de: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'debe ser una URL http(s) válida' : `no tiene el formato ${issue.format}`;
    case 'unrecognized_keys':
      return `no existe (campos desconocidos: ${issue.keys.join(', ')})`;
    case 'custom':
      // Our own checks carry their Spanish message (shared/src/contract/requests.ts).
      return typeof issue.params?.es === 'string' ? issue.params.es : 'no es válido';
    default:
      return 'no es válido';
  }
}

/** 400 `peticion_invalida` naming the first invalid field, in both languages. */
export function validationError(error: z.ZodError, where: string): AppError {
  const issue = error.issues[0];
  // An unknown field is named itself, not the object that holds it.
  const path = issue?.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : (issue?.path ?? []);
  const field = path.length ? path.map(String).join('.') : where;
  const es = issue ? describeEs(issue) : 'no es válido';
  const en = issue?.message ?? 'is invalid';
  return new AppError('peticion_invalida', {
    mensaje: `El campo '${field}' ${es}.`,
    message: `Field '${field}': ${en}.`,
    detalles: {
      campo: field,
      en: where,
      problemas: error.issues.map((i) => ({ campo: i.path.map(String).join('.'), mensaje: i.message })),
    },
  });
}
