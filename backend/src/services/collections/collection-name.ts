import { invalidField } from '../../errors';

/** The longest collection name, as the contract's `biblioteca` takes it. */
export const MAX_COLLECTION_NAME = 200;

/**
 * A collection name as typed, checked: trimmed, spaces collapsed, 1 to 200 characters, no control
 * characters (a NUL would not even reach the database).
 */
export function collectionName(raw: unknown, field = 'nombre'): string {
  const name = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
  if (!name) throw invalidField(field, 'Escribe un nombre para la colección.', 'Type a name for the collection.');
  if (name.length > MAX_COLLECTION_NAME) {
    throw invalidField(
      field,
      `El nombre admite hasta ${MAX_COLLECTION_NAME} caracteres.`,
      `The name takes up to ${MAX_COLLECTION_NAME} characters.`,
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw invalidField(
      field,
      'El nombre no puede llevar caracteres de control.',
      'The name cannot hold control characters.',
    );
  }
  return name;
}
